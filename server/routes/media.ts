import { Hono } from 'hono';
import type { Db } from '../db';
import { resolveFile, sendFile } from '../http/static-files';
import { parseIllustrationName, renderIllustration, type IllustrationSpec } from '../services/images/catalogue-images';

/** Drawn pictures kept in memory; each is a few KB. */
const CACHE_LIMIT = 4000;

/** Media: generated catalogue pictures and uploaded files. */
export function mediaRoutes(db: Db, mediaDir?: string): Hono {
  const app = new Hono({ strict: false });
  const drawn = new Map<string, string>();

  app.get('/catalogue/:name', async (c) => {
    const name = c.req.param('name');
    let svg = drawn.get(name);
    if (svg === undefined) {
      const parsed = parseIllustrationName(name);
      const row =
        parsed &&
        (await db.selectFrom('illustrations').select(['hash', 'spec']).where('id', '=', parsed.id).executeTakeFirst());
      if (!parsed || !row || row.hash !== parsed.hash) {
        return c.json({ message: 'No such image.' }, 404);
      }
      svg = renderIllustration(JSON.parse(row.spec) as IllustrationSpec);
      if (drawn.size >= CACHE_LIMIT) drawn.delete(drawn.keys().next().value as string);
      drawn.set(name, svg);
    }
    return c.body(svg, 200, {
      'content-type': 'image/svg+xml',
      // The hash in the name changes with the picture, so a name's content never does.
      'cache-control': 'public, max-age=31536000, immutable',
    });
  });

  app.get('/*', async (c) => {
    const rest = c.req.path.replace(/^\/media/, '');
    const file = mediaDir ? await resolveFile(mediaDir, rest) : null;
    if (!file) return c.json({ message: 'No such file.' }, 404);
    return sendFile(c, file, { cacheControl: 'public, max-age=86400' });
  });

  return app;
}
