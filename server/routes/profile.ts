import { createRoute } from '@hono/zod-openapi';
import type { Context } from 'hono';
import { ProfileAnswerSchema } from '../../contract/api/accounts';
import {
  CURRENT_PASSWORD_REQUIRED,
  CURRENT_PASSWORD_WRONG,
  emailChanges,
  profileUpdateSchema,
} from '../../contract/schemas/auth';
import { ApiRoutes, binary, errors, json, readByHandler } from '../http/api-routes';
import { shopperSession, type SessionEnv } from '../http/auth';
import { clientAddress, throttleKey } from '../http/client-address';
import { ApiError, tooManyRequests } from '../http/errors';
import { isFormRequest, isJsonRequest, parseValue, readJson } from '../http/validate';
import type { Accounts } from '../services/auth/accounts';
import { presentedDevice } from '../services/auth/device-cookies';
import { checkEmailIsNotPassword, verifyPassword } from '../services/auth/passwords';
import { conflictError, findConflict, profileOf, saveProfile } from '../services/auth/users';
import { deleteUploadedImage, PROFILE_PICTURE, storeUploadedImage } from '../services/images/uploads';
import { emailChangedMessage } from '../services/mail/messages';
import { consumeAll, type Throttle } from '../services/rate-limit';
import { inBackground } from '../services/background';

/** The profile fields and the picture file (if one was chosen) of a form or JSON body. */
async function readProfileBody(c: Context): Promise<{ fields: unknown; picture: File | null }> {
  if (isJsonRequest(c)) return { fields: await readJson(c), picture: null };
  if (!isFormRequest(c)) throw new ApiError(415, 'Send the profile as multipart/form-data or JSON.');
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

/** The picture travels beside the profile fields as a file. */
const profilePictureField = binary('A new profile picture (JPEG, PNG or WebP); leave out to keep the old one.');

/** The signed-in shopper's profile: read, and update with an optional new picture. */
export function profileRoutes(accounts: Accounts): ApiRoutes<SessionEnv> {
  const { db, mediaDir, throttles } = accounts;
  const app = new ApiRoutes<SessionEnv>();
  const signedIn = shopperSession(accounts);

  const get = createRoute({
    method: 'get',
    path: '/profile',
    tags: ['Profile'],
    summary: "Get the shopper's profile",
    ...signedIn,
    responses: { 200: json(ProfileAnswerSchema, 'The profile.'), ...errors(401) },
  });
  app.openapi(get, (c) => c.json(profileOf(c.get('session').user), 200));

  const update = createRoute({
    method: 'patch',
    path: '/profile',
    tags: ['Profile'],
    summary: 'Update the profile',
    description:
      'A multipart form (with an optional picture), a URL-encoded form or JSON. A new e-mail needs ' +
      'the current password; the old address is told of the change.',
    ...signedIn,
    request: {
      body: readByHandler({
        'multipart/form-data': {
          schema: profileUpdateSchema.extend({ profile_picture: profilePictureField.optional() }),
        },
        'application/x-www-form-urlencoded': { schema: profileUpdateSchema },
        'application/json': { schema: profileUpdateSchema },
      }),
    },
    responses: {
      200: json(ProfileAnswerSchema, 'The updated profile.'),
      ...errors(
        [400, 'The request is not valid (a new e-mail without the current password among others).'],
        401,
        [403, 'The current password is not correct.'],
        [409, 'The e-mail or phone number belongs to another account.'],
        413,
        415,
        429,
        503,
      ),
    },
  });
  app.openapi(update, async (c) => {
    const user = c.get('session').user;
    const body = await readProfileBody(c);
    const { current_password: currentPassword, ...input } = parseValue(profileUpdateSchema, body.fields);
    const oldEmail = user.email.toLowerCase();
    const newEmail = emailChanges(oldEmail, input.email);
    if (newEmail) {
      if (!currentPassword) {
        throw new ApiError(400, CURRENT_PASSWORD_REQUIRED, { current_password: [CURRENT_PASSWORD_REQUIRED] });
      }
      // The same budget as login guesses at this account: a stolen session cannot use this form
      // to try passwords faster than the login page allows.
      // (The device cookie reaches this path too: the owner's browser is counted apart, as at login.)
      const source = throttleKey(clientAddress(c, accounts.trustProxy));
      const device = presentedDevice(c, accounts.secret, user.id);
      const counters: [Throttle, string][] = device
        ? [[throttles.loginFailuresPerDevice, device]]
        : [
            [throttles.loginFailuresPerAccountAndAddress, `${oldEmail} ${source}`],
            [throttles.loginFailuresPerAccountDaily, oldEmail],
          ];
      const wait = await consumeAll(counters);
      if (wait) throw tooManyRequests(wait);
      if (!(await verifyPassword(user.password_hash, currentPassword))) {
        throw new ApiError(403, CURRENT_PASSWORD_WRONG, { current_password: [CURRENT_PASSWORD_WRONG] });
      }
      await Promise.all(counters.map(([throttle, key]) => throttle.refund(key)));
      checkEmailIsNotPassword(currentPassword, input.email);
    }
    const conflict = await findConflict(db, input.email, input.phone_number, user.id);
    if (conflict) throw conflictError(conflict);
    // The picture is checked and stored before anything changes: a refused picture changes nothing.
    const picture = body.picture ? await storeUploadedImage(body.picture, mediaDir, PROFILE_PICTURE, db) : null;
    let updated;
    try {
      updated = await saveProfile(db, user, {
        ...input,
        ...(picture ? { profile_picture: picture } : {}),
        updated_at: new Date(accounts.now()).toISOString(),
      });
    } catch (error) {
      await deleteUploadedImage(picture, mediaDir, db);
      throw error;
    }
    // Only once the new path is committed is the old file unneeded.
    if (picture) await deleteUploadedImage(user.profile_picture, mediaDir, db).catch(() => undefined);
    if (newEmail) {
      // Told at the old address: if the session was stolen, the owner hears of it there.
      inBackground(
        accounts.mailer
          .send(emailChangedMessage(user.email, updated.email, new Date(accounts.now())))
          .catch((error: unknown) => console.error(`Could not send the e-mail change notice: ${String(error)}`)),
      );
    }
    return c.json(profileOf(updated), 200);
  });

  return app;
}
