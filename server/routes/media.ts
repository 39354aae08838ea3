import { Hono } from 'hono';
import { LRUCache } from 'lru-cache';
import type { Db } from '../db';
import { resolveFile, sendFile } from '../http/static-files';
import { storedIllustration } from '../services/images/catalogue-images';
import { IMAGES_DIR, parseImageName } from '../../contract/images';

/** Stored pictures kept in memory, most recently served first; each is a few KB. */
const CACHE_LIMIT = 4000;

/** Media: the image pipeline's pictures, stored catalogue drawings and uploaded files. */
export function mediaRoutes(db: Db, mediaDir?: string): Hono {
  const app = new Hono({ strict: false });
  const pictures = new LRUCache<string, string>({ max: CACHE_LIMIT });

  app.get('/catalogue/:name', async (c) => {
    const name = c.req.param('name');
    let svg = pictures.get(name);
    if (svg === undefined) {
      const stored = await storedIllustration(db, name);
      if (stored === null) return c.json({ message: 'No such image.' }, 404);
      svg = stored;
      pictures.set(name, svg);
    }
    return c.body(svg, 200, {
      'content-type': 'image/svg+xml',
      // The hash in the name changes with the picture, so a name's content never does.
      'cache-control': 'public, max-age=31536000, immutable',
    });
  });

  // The image pipeline's files: every name carries its picture's hash, so its content never changes.
  app.get(`/${IMAGES_DIR}/:name`, async (c) => {
    const name = c.req.param('name');
    const file = mediaDir && parseImageName(name) ? await resolveFile(mediaDir, `/${IMAGES_DIR}/${name}`) : null;
    if (!file) return c.json({ message: 'No such image.' }, 404);
    return sendFile(c, file, { cacheControl: 'public, max-age=31536000, immutable' });
  });

  app.get('/*', async (c) => {
    const rest = c.req.path.replace(/^\/media/, '');
    const file = mediaDir ? await resolveFile(mediaDir, rest) : null;
    if (!file) return c.json({ message: 'No such file.' }, 404);
    return sendFile(c, file, { cacheControl: 'public, max-age=86400' });
  });

  return app;
}
