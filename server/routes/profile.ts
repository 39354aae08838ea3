import { Hono, type Context } from 'hono';
import { profileSchema } from '../../src/lib/schemas/auth';
import { requireSession, type SessionEnv } from '../http/auth';
import { ApiError } from '../http/errors';
import { isJsonRequest, parseValue, readJson } from '../http/validate';
import type { Accounts } from '../services/auth/accounts';
import { conflictError, findConflict, profileOf, withUniqueUser } from '../services/auth/users';
import { deleteUploadedImage, storeUploadedImage } from '../services/images/uploads';

const FORM_TYPE = /^(multipart\/form-data|application\/x-www-form-urlencoded)\s*(;|$)/i;

/** The profile fields and the picture file (if one was chosen) of a form or JSON body. */
async function readProfileBody(c: Context): Promise<{ fields: unknown; picture: File | null }> {
  if (isJsonRequest(c)) return { fields: await readJson(c), picture: null };
  if (!FORM_TYPE.test(c.req.header('content-type') ?? '')) {
    throw new ApiError(415, 'Send the profile as multipart/form-data or JSON.');
  }
  let form: Record<string, string | File>;
  try {
    form = await c.req.parseBody();
  } catch {
    throw new ApiError(400, 'The form data could not be read.');
  }
  const { profile_picture: picture, ...fields } = form;
  // A form without a chosen file still sends an empty file part (or an empty string).
  return { fields, picture: picture instanceof File && picture.size > 0 ? picture : null };
}

/** The signed-in shopper's profile: read, and update with an optional new picture. */
export function profileRoutes(accounts: Accounts): Hono<SessionEnv> {
  const { db, mediaDir } = accounts;
  const app = new Hono<SessionEnv>({ strict: false });
  const auth = requireSession(accounts);

  app.get('/profile', auth, (c) => c.json(profileOf(c.get('session').user)));

  app.patch('/profile', auth, async (c) => {
    const user = c.get('session').user;
    const body = await readProfileBody(c);
    const input = parseValue(profileSchema, body.fields);
    const conflict = await findConflict(db, input.email, input.phone_number, user.id);
    if (conflict) throw conflictError(conflict);
    // The picture is checked and stored before anything changes: a refused picture changes nothing.
    const picture = body.picture ? await storeUploadedImage(body.picture, mediaDir) : null;
    let updated;
    try {
      updated = await withUniqueUser(db, input.email, input.phone_number, user.id, () =>
        db
          .updateTable('users')
          .set({
            ...input,
            ...(picture ? { profile_picture: picture } : {}),
            updated_at: new Date(accounts.now()).toISOString(),
          })
          .where('id', '=', user.id)
          .returningAll()
          .executeTakeFirstOrThrow(),
      );
    } catch (error) {
      await deleteUploadedImage(picture, mediaDir);
      throw error;
    }
    // Only once the new path is committed is the old file unneeded.
    if (picture) await deleteUploadedImage(user.profile_picture, mediaDir).catch(() => undefined);
    return c.json(profileOf(updated));
  });

  return app;
}
