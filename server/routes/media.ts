import { createRoute } from '@hono/zod-openapi';
import { LRUCache } from 'lru-cache';
import { z } from 'zod';
import type { Db } from '../db';
import { ApiRoutes, binary, errors, file } from '../http/api-routes';
import { resolveFile, sendFile } from '../http/static-files';
import { storedIllustration } from '../services/images/catalogue-images';
import type { OnDemandPictures } from '../services/images/on-demand';
import { IMAGES_DIR, parseImageName } from '../../contract/images';

/** Stored pictures kept in memory, most recently served first; each is a few KB. */
const CACHE_LIMIT = 4000;

/** What a picture's file name is; anything else is answered 404. */
const PictureName = z.object({ name: z.string().meta({ description: 'The file name, as a page or answer gave it.' }) });

/** Media: the image pipeline's pictures, stored catalogue drawings and uploaded files. */
export function mediaRoutes(db: Db, mediaDir?: string, onDemand?: OnDemandPictures): ApiRoutes {
  const app = new ApiRoutes();
  const pictures = new LRUCache<string, string>({ max: CACHE_LIMIT });

  const drawing = createRoute({
    method: 'get',
    path: '/catalogue/{name}',
    tags: ['Media'],
    summary: 'A stored catalogue drawing',
    description:
      'An SVG the demo catalogue stores in the database (`{id}-{hash}.svg`); the hash changes with the ' +
      'picture, so an answer is kept for a year.',
    request: { params: PictureName },
    responses: {
      200: file('image/svg+xml', 'The drawing.', z.string()),
      ...errors([404, 'No such image.']),
    },
  });
  app.openapi(drawing, async (c) => {
    const { name } = c.req.valid('param');
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
  const picture = createRoute({
    method: 'get',
    path: `/${IMAGES_DIR}/{name}`,
    tags: ['Media'],
    summary: 'A picture of the image pipeline',
    description:
      'An original (`{hash}-{width}x{height}-{rrggbb}.{jpg|png|webp}`) or one of its responsive widths ' +
      '(`{hash}-{w}w.{avif|webp}`); every name is immutable, so an answer is kept for a year. A picture of the ' +
      'shop not encoded yet (a new shop encodes its photos in the background) is made when asked for.',
    request: { params: PictureName },
    responses: {
      200: {
        description: 'The picture.',
        content: Object.fromEntries(
          ['image/avif', 'image/webp', 'image/jpeg', 'image/png'].map((type) => [type, { schema: binary() }]),
        ),
      },
      ...errors([404, 'No such image.']),
    },
  });
  app.openapi(picture, async (c) => {
    const { name } = c.req.valid('param');
    const parsed = mediaDir ? parseImageName(name) : null;
    const found =
      mediaDir && parsed ? ((await resolveFile(mediaDir, `/${IMAGES_DIR}/${name}`)) ?? (await onDemand?.file(name))) : null;
    if (!found) return c.json({ message: 'No such image.' }, 404);
    return sendFile(c, found, { cacheControl: 'public, max-age=31536000, immutable' });
  });

  // Uploaded files stored before the pipeline, and anything else in the media folder. OpenAPI
  // cannot template a path of several segments: the route is declared as `/{path}` and served as
  // `/*`, which takes the rest of the path whatever its depth.
  const stored = createRoute({
    method: 'get',
    path: '/{path}',
    tags: ['Media'],
    summary: 'A file of the media folder',
    description: 'Uploads stored before the image pipeline (`/media/uploads/…`), kept for a day.',
    request: {
      params: z.object({
        path: z.string().meta({ description: 'The file below the media folder; may hold slashes.' }),
      }),
    },
    responses: {
      200: file('*/*', "The file, with its extension's content type."),
      ...errors([404, 'No such file.']),
    },
  });
  app.openAPIRegistry.registerPath(stored);
  app.get('/*', async (c) => {
    const rest = c.req.path.replace(/^\/media/, '');
    const found = mediaDir ? await resolveFile(mediaDir, rest) : null;
    if (!found) return c.json({ message: 'No such file.' }, 404);
    return sendFile(c, found, { cacheControl: 'public, max-age=86400' });
  });

  return app;
}
