import type { Context } from 'hono';
import { z } from 'zod';
import { binary, readByHandler } from '../http/api-routes';
import { ApiError } from '../http/errors';
import { whoMay } from '../http/staff-auth';
import { isFormRequest } from '../http/validate';

/** What the back office's catalogue routes share: who may, what a change keeps, the picture forms. */

/** The form field an uploaded picture travels in. */
const IMAGE_FIELD = 'image';
const IMAGE_REQUIRED = 'Choose a picture to upload (JPEG, PNG or WebP).';

/** A multipart form's text fields and its picture; 415 for any other body, 400 without a picture. */
export async function readImageForm(c: Context): Promise<{ fields: Record<string, string>; file: File }> {
  if (!isFormRequest(c)) {
    throw new ApiError(415, `Send the picture as multipart/form-data, in the field '${IMAGE_FIELD}'.`);
  }
  let form: Record<string, string | File>;
  try {
    form = await c.req.parseBody();
  } catch {
    throw new ApiError(400, 'The form data could not be read.');
  }
  const { [IMAGE_FIELD]: file, ...rest } = form;
  if (!(file instanceof File) || file.size === 0) {
    throw new ApiError(400, IMAGE_REQUIRED, { [IMAGE_FIELD]: [IMAGE_REQUIRED] });
  }
  const fields = Object.fromEntries(
    Object.entries(rest).flatMap(([key, value]) => (typeof value === 'string' ? [[key, value]] : [])),
  );
  return { fields, file };
}

export const READ = whoMay('catalogue.read');
export const WRITE = whoMay('catalogue.write');
/** What every change does besides itself. */
export const KEPT =
  'The change, its audit entry (the touched fields before and after) and the storefront pages it touches are ' +
  'stored in one transaction; the public catalogue answers show it at once.';

export const PICTURE_REFUSALS = [
  [400, 'No picture in the `image` field, a text field not valid, or a picture that cannot be read.'],
  [413, 'The picture is too large (5 MB, 25 megapixels at most).'],
  [415, 'Not a multipart form, or the picture is not a JPEG, PNG or WebP image.'],
] as const;

const imageFile = binary('A JPEG, PNG or WebP picture; stored as WebP, fit to 1600 × 1600.');

/** A multipart form with the picture in `image` (and `fields` beside it), read by readImageForm. */
export const imageForm = (fields: z.ZodObject = z.object({})) =>
  readByHandler({ 'multipart/form-data': { schema: fields.extend({ [IMAGE_FIELD]: imageFile }) } });
