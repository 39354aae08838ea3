import { useRef, useState, type FormEvent } from 'react';
import type { AdminBanner } from '../../../contract/api/admin-catalogue';
import { bannerUpdateSchema } from '../../../contract/schemas/admin-catalogue';
import { validate } from '../../../contract/schemas/common';
import { Button } from '../../ui/Button';
import { Field, FormMessage } from '../../ui/form';
import { adminMessage } from './admin-messages';
import { changeBanner, deleteBanner, replaceBannerPicture } from './catalogue-api';
import { mediaUrl } from './catalogue-format';
import { chosenPicture, ConfirmDialog, MoveButtons, PictureInput } from './catalogue-ui';

/** One banner: its picture and text, edited, moved, given a new picture, or deleted (after asking). */
export function BannerCard({
  banner,
  index,
  count,
  readOnly,
  onChanged,
}: {
  banner: AdminBanner;
  index: number;
  count: number;
  readOnly: boolean;
  onChanged: () => void;
}) {
  const [title, setTitle] = useState(banner.title);
  const [subtitle, setSubtitle] = useState(banner.subtitle ?? '');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [notice, setNotice] = useState<{ text: string; kind: 'error' | 'success' }>({ text: '', kind: 'success' });
  const [busy, setBusy] = useState(false);
  const [asking, setAsking] = useState(false);
  const picture = useRef<HTMLInputElement>(null);

  const run = async (work: () => Promise<unknown>, done: string, failed: string) => {
    setBusy(true);
    setNotice({ text: '', kind: 'success' });
    try {
      await work();
      setNotice({ text: done, kind: 'success' });
      onChanged();
    } catch (e) {
      setNotice({ text: adminMessage(e, failed), kind: 'error' });
    } finally {
      setBusy(false);
    }
  };

  const save = (event: FormEvent) => {
    event.preventDefault();
    const checked = validate(bannerUpdateSchema, { title, subtitle });
    if (!checked.ok) return setErrors(checked.errors);
    void run(() => changeBanner(banner.id, checked.data), 'Banner saved.', 'The banner could not be saved.');
  };

  const replace = () => {
    const chosen = chosenPicture(picture.current);
    if ('problem' in chosen) return setErrors({ image: chosen.problem });
    void run(
      () => replaceBannerPicture(banner.id, chosen.file),
      'Picture replaced.',
      'The picture could not be replaced.',
    );
  };

  return (
    <li aria-label={`Banner ${banner.title}`} className="space-y-3 rounded-lg border border-slate-200 bg-white p-3">
      <img
        src={mediaUrl(banner.image) ?? ''}
        alt={`Banner picture: ${banner.title}`}
        width={320}
        height={120}
        className="h-28 w-full max-w-sm rounded bg-slate-50 object-cover"
      />
      <form noValidate onSubmit={save} aria-label={`Edit banner ${banner.title}`} className="space-y-3">
        <fieldset disabled={readOnly} className="grid min-w-0 gap-3 sm:grid-cols-2">
          <legend className="sr-only">Text of the banner {banner.title}</legend>
          <Field label="Title" name="title" autoComplete="off" value={title} error={errors.title} onValue={setTitle} />
          <Field
            label="Subtitle"
            name="subtitle"
            autoComplete="off"
            value={subtitle}
            error={errors.subtitle}
            onValue={setSubtitle}
          />
        </fieldset>
        {!readOnly && (
          <div className="flex flex-wrap items-center gap-2">
            <Button type="submit" size="sm" disabled={busy}>
              Save banner
            </Button>
            <MoveButtons
              what={`banner ${banner.title}`}
              first={index === 0}
              last={index === count - 1}
              disabled={busy}
              onMove={(by) =>
                void run(
                  () => changeBanner(banner.id, { position: index + 1 + by }),
                  'Moved.',
                  'The banner could not be moved.',
                )
              }
            />
            <Button variant="danger" size="sm" disabled={busy} onClick={() => setAsking(true)}>
              Delete banner
            </Button>
          </div>
        )}
      </form>
      {!readOnly && (
        <div className="flex flex-wrap items-end gap-2">
          <PictureInput
            label="New picture"
            error={errors.image ?? ''}
            inputRef={picture}
            onPick={() => setErrors((e) => ({ ...e, image: '' }))}
          />
          <Button variant="secondary" size="sm" disabled={busy} onClick={replace}>
            Replace picture
          </Button>
        </div>
      )}
      <FormMessage message={notice.text} kind={notice.kind} />
      {asking && (
        <ConfirmDialog
          title={`Delete the banner ${banner.title}?`}
          text="It leaves the home page's slider."
          action="Delete the banner"
          keep="Keep it"
          onAnswer={(yes) => {
            setAsking(false);
            if (yes) void run(() => deleteBanner(banner.id), 'Banner deleted.', 'The banner could not be deleted.');
          }}
        />
      )}
    </li>
  );
}
