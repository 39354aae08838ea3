import { useEffect, useState, type ChangeEvent, type FormEvent } from 'react';
import { getProfile, updateProfile } from '../../lib/api/account';
import { refusedByServer, serverFieldErrors, shopperMessage } from '../../lib/api/error-message';
import { PROFILE_LOAD_ERRORS } from './account-errors';
import { DURATIONS } from '../../lib/constants';
import { emailChanges, profileChangeSchema } from '../../../contract/schemas/auth';
import { validate } from '../../../contract/schemas/common';
import { requireSession, updateStoredUser } from '../../lib/stores/session';
import { showDialog } from '../../lib/stores/ui';
import { imageProblem } from '../../../contract/uploads';
import { Field, PasswordField } from '../../ui/form';
import { useFields } from '../../ui/form-state';
import * as routes from '../../lib/routes';
import { Button } from '../../ui/Button';
import { ProfilePictureInput } from './ProfilePictureInput';

/** Profile edit: names, e-mail, phone and an optional new picture. */
export function UpdateProfileForm() {
  const { values, setValues, errors, setErrors, bind } = useFields({
    first_name: '',
    last_name: '',
    email: '',
    phone_number: '',
    current_password: '',
  });
  /** The e-mail the account has now: changing it needs the current password. */
  const [savedEmail, setSavedEmail] = useState('');
  const [loaded, setLoaded] = useState(false);
  const [loadError, setLoadError] = useState('');
  const [picture, setPicture] = useState<File | null>(null);
  const [preview, setPreview] = useState<string | null>(null);
  const [pending, setPending] = useState(false);

  useEffect(() => {
    if (!requireSession()) return;
    getProfile()
      .then((p) => {
        setValues({
          first_name: p.first_name,
          last_name: p.last_name,
          email: p.email,
          phone_number: p.phone_number,
          current_password: '',
        });
        setSavedEmail(p.email);
        setPreview(p.profile_picture);
        setLoaded(true);
      })
      .catch((e: unknown) => setLoadError(shopperMessage(e, PROFILE_LOAD_ERRORS)));
  }, [setValues]);

  const choosePicture = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0] ?? null;
    const problem = file && imageProblem(file);
    setErrors((e) => ({ ...e, profile_picture: problem ?? '' }));
    if (!file || problem) {
      setPicture(null);
      return;
    }
    setPicture(file);
    setPreview(URL.createObjectURL(file));
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (pending) return;
    const checked = validate(profileChangeSchema(savedEmail), values);
    if (!checked.ok) return setErrors(checked.errors);
    const { current_password: currentPassword, ...fields } = checked.data;
    const form = new FormData();
    for (const [key, value] of Object.entries(fields)) form.set(key, value);
    if (emailChanges(savedEmail, fields.email)) form.set('current_password', currentPassword);
    if (picture) form.set('profile_picture', picture);
    setPending(true);
    try {
      const profile = await updateProfile(form);
      updateStoredUser(profile);
      showDialog({ title: 'Profile Updated', text: 'Your profile has been saved.', icon: 'success' });
      window.setTimeout(() => window.location.assign(routes.profile), DURATIONS.redirectProfileUpdated);
    } catch (error) {
      if (refusedByServer(error)) setErrors(serverFieldErrors(error));
      showDialog({
        title: 'Error',
        text: shopperMessage(error, {
          refused: 'Something went wrong while updating profile.',
          noAnswer: 'Failed to update profile.',
        }),
        icon: 'error',
      });
      setPending(false);
    }
  };

  const changingEmail = loaded && emailChanges(savedEmail, values.email);

  if (loadError) return <p role="status">{loadError}</p>;
  if (!loaded) return <p role="status">Loading profile...</p>;
  return (
    <form noValidate onSubmit={submit} className="flex flex-col gap-4">
      <ProfilePictureInput preview={preview} error={errors.profile_picture ?? ''} onChange={choosePicture} />
      <div className="grid gap-4 sm:grid-cols-2">
        <Field label="First Name" autoComplete="given-name" {...bind('first_name')} />
        <Field label="Last Name" autoComplete="family-name" {...bind('last_name')} />
      </div>
      <Field label="Email" type="email" autoComplete="email" {...bind('email')} />
      {changingEmail && (
        <div>
          <PasswordField label="Current password" autoComplete="current-password" {...bind('current_password')} />
          <p className="mt-1 text-sm text-muted">
            Changing your email needs your current password. We will tell your old address about the change.
          </p>
        </div>
      )}
      <Field
        label="Phone Number"
        type="tel"
        inputMode="numeric"
        maxLength={10}
        autoComplete="tel-national"
        {...bind('phone_number')}
      />
      <div className="flex flex-wrap items-center gap-4">
        <Button type="submit" size="lg" disabled={pending}>
          {pending ? 'Updating...' : 'Update'}
        </Button>
        <a href={routes.home} className="font-semibold text-brand-800 underline">
          Back to Home
        </a>
      </div>
    </form>
  );
}
