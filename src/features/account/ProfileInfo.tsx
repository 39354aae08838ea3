import { useEffect, useState } from 'react';
import { getProfile } from '../../lib/api/account';
import { shopperMessage } from '../../lib/api/error-message';
import { PROFILE_LOAD_ERRORS } from './account-errors';
import type { Profile } from '../../../contract/types';
import { updateStoredUser } from '../../lib/stores/session';
import * as routes from '../../lib/routes';
import { buttonClass } from '../../ui/button-class';
import { Picture } from '../../ui/Picture';
import { PICTURE_SIZES } from '../../ui/picture-sizes';

/** Profile Information: the shopper's details, fresh from the server. */
export function ProfileInfo() {
  const [profile, setProfile] = useState<Profile | null>(null);
  const [error, setError] = useState('');

  useEffect(() => {
    getProfile()
      .then((p) => {
        setProfile(p);
        updateStoredUser(p);
      })
      .catch((e: unknown) => setError(shopperMessage(e, PROFILE_LOAD_ERRORS)));
  }, []);

  if (error) return <p role="status">{error}</p>;
  if (!profile) return <p role="status">Loading profile...</p>;
  const rows: [string, string][] = [
    ['First name', profile.first_name],
    ['Last name', profile.last_name],
    ['Email', profile.email],
    ['Phone number', profile.phone_number],
  ];
  return (
    <div className="flex flex-col gap-6">
      <div className="flex items-center gap-4">
        <Picture
          url={profile.profile_picture ?? '/images/default-avatar.svg'}
          alt={profile.profile_picture ? `${profile.first_name}'s profile picture` : ''}
          sizes={PICTURE_SIZES.avatarLarge}
          width={96}
          height={96}
          loading="eager"
          class="h-24 w-24 shrink-0 rounded-full border border-slate-200 object-cover"
        />
        <div className="min-w-0">
          <p className="text-xl font-bold break-words">
            {profile.first_name} {profile.last_name}
          </p>
          <span className="mt-1 inline-block rounded-full bg-amber-100 px-3 py-0.5 text-sm font-semibold text-amber-900">
            Prime
          </span>
        </div>
      </div>
      {/* One column on phones: a long e-mail or name beside its label would push the page sideways. */}
      <dl className="grid gap-x-8 gap-y-1 sm:grid-cols-[auto_minmax(0,1fr)] sm:gap-y-2">
        {rows.map(([label, value]) => (
          <div key={label} className="contents">
            <dt className="font-semibold">{label}</dt>
            <dd className="break-words max-sm:mb-2">{value}</dd>
          </div>
        ))}
      </dl>
      <a href={routes.updateProfile} className={buttonClass({ size: 'wide', className: 'self-start' })}>
        Update Profile
      </a>
    </div>
  );
}
