import type { ChangeEvent } from 'react';
import { IMAGE_TYPES, MAX_IMAGE_BYTES } from '../../../contract/uploads';
import { Picture } from '../../ui/Picture';
import { PICTURE_SIZES } from '../../ui/picture-sizes';

/** The profile's picture, and the file input that chooses a new one (with what it takes, or its problem). */
export function ProfilePictureInput({
  preview,
  error,
  onChange,
}: {
  /** The stored picture, a chosen one not yet uploaded (a blob: address), or null for none. */
  preview: string | null;
  error: string;
  onChange: (event: ChangeEvent<HTMLInputElement>) => void;
}) {
  return (
    <div className="flex flex-wrap items-center gap-4">
      {/* The stored picture, or a chosen one not yet uploaded (a blob: address, drawn as a plain <img>). */}
      <Picture
        url={preview ?? '/images/default-avatar.svg'}
        alt=""
        sizes={PICTURE_SIZES.avatarLarge}
        width={96}
        height={96}
        loading="eager"
        class="h-24 w-24 rounded-full border border-slate-200 object-cover"
      />
      <div className="min-w-0 flex-1 basis-48">
        <label htmlFor="profile-picture" className="mb-1 block text-sm font-semibold">
          Profile Picture
        </label>
        <input
          id="profile-picture"
          name="profile_picture"
          type="file"
          accept={IMAGE_TYPES.join(',')}
          onChange={onChange}
          aria-describedby="profile-picture-help"
          aria-invalid={error ? true : undefined}
          className="w-full max-w-full text-sm"
        />
        <p id="profile-picture-help" className={`mt-1 text-sm ${error ? 'text-red-700' : 'text-muted'}`}>
          {error || `JPEG, PNG or WebP, up to ${MAX_IMAGE_BYTES / 1024 / 1024} MB.`}
        </p>
      </div>
    </div>
  );
}
