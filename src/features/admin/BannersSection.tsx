import { useEffect, useRef, useState, type FormEvent } from 'react';
import type { AdminBanner } from '../../../contract/api/admin-catalogue';
import { bannerCreateSchema } from '../../../contract/schemas/admin-catalogue';
import { validate } from '../../../contract/schemas/common';
import { Button } from '../../ui/Button';
import { Field, FormMessage } from '../../ui/form';
import { adminMessage } from './admin-messages';
import { createBanner, getAdminBanners } from './catalogue-api';
import { BannerCard } from './BannerCard';
import { chosenPicture, PictureInput } from './catalogue-ui';
import { LoadFailed } from './desk-ui';

function AddBanner({ onAdded }: { onAdded: () => void }) {
  const [title, setTitle] = useState('');
  const [subtitle, setSubtitle] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [notice, setNotice] = useState<{ text: string; kind: 'error' | 'success' }>({ text: '', kind: 'success' });
  const [busy, setBusy] = useState(false);
  const picture = useRef<HTMLInputElement>(null);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const checked = validate(bannerCreateSchema, { title, subtitle });
    const chosen = chosenPicture(picture.current);
    const found = { ...(checked.ok ? {} : checked.errors), ...('problem' in chosen ? { image: chosen.problem } : {}) };
    setErrors(found);
    if (!checked.ok || 'problem' in chosen) return;
    setBusy(true);
    setNotice({ text: '', kind: 'success' });
    try {
      await createBanner({ title: title.trim(), subtitle: subtitle.trim() }, chosen.file);
      setTitle('');
      setSubtitle('');
      if (picture.current) picture.current.value = '';
      setNotice({ text: 'Banner added, last in the slider.', kind: 'success' });
      onAdded();
    } catch (e) {
      setNotice({ text: adminMessage(e, 'The banner could not be added.'), kind: 'error' });
    } finally {
      setBusy(false);
    }
  };
  return (
    <form
      noValidate
      onSubmit={submit}
      aria-label="Add a banner"
      className="grid gap-3 rounded-lg border border-dashed border-slate-400 bg-white p-4 sm:grid-cols-2"
    >
      <Field label="Title" name="title" autoComplete="off" value={title} error={errors.title} onValue={setTitle} />
      <Field
        label="Subtitle (optional)"
        name="subtitle"
        autoComplete="off"
        value={subtitle}
        error={errors.subtitle}
        onValue={setSubtitle}
      />
      <PictureInput
        label="Picture (JPEG, PNG or WebP)"
        error={errors.image ?? ''}
        inputRef={picture}
        onPick={() => setErrors((e) => ({ ...e, image: '' }))}
      />
      <div className="flex items-end">
        <Button type="submit" disabled={busy}>
          Add banner
        </Button>
      </div>
      <div className="sm:col-span-2">
        <FormMessage message={notice.text} kind={notice.kind} />
      </div>
    </form>
  );
}

/** The home page's banners: in slider order, each edited, moved, given a new picture or deleted; and a new one. */
export function BannersSection({ readOnly }: { readOnly: boolean }) {
  const [banners, setBanners] = useState<AdminBanner[] | null>(null);
  const [error, setError] = useState('');
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    const controller = new AbortController();
    getAdminBanners(controller.signal)
      .then((list) => {
        setBanners(list);
        setError('');
      })
      .catch((e: unknown) => {
        if (!controller.signal.aborted) setError(adminMessage(e, 'The banners could not be loaded.'));
      });
    return () => controller.abort();
  }, [attempt]);
  const reload = () => setAttempt((n) => n + 1);

  return (
    <section aria-labelledby="banners-heading" className="space-y-3">
      <h2 id="banners-heading" className="text-xl font-bold">
        Banners
      </h2>
      <p className="text-sm text-muted">The home page’s slider, in this order.</p>
      {error && <LoadFailed message={error} onRetry={reload} />}
      {!banners && !error && <p role="status">Loading the banners…</p>}
      {banners && (
        <ol className="space-y-3">
          {banners.map((banner, i) => (
            <BannerCard
              key={`${banner.id}-${banner.position}-${banner.image}`}
              banner={banner}
              index={i}
              count={banners.length}
              readOnly={readOnly}
              onChanged={reload}
            />
          ))}
        </ol>
      )}
      {!readOnly && <AddBanner onAdded={reload} />}
    </section>
  );
}
