import { useEffect, useState, type FormEvent } from 'react';
import type { AdminHomePopup } from '../../../../contract/api/admin-catalogue';
import { validate } from '../../../../contract/schemas/common';
import {
  BUTTON_LABEL_MAX,
  homePopupSchema,
  POPUP_CODE_MAX,
  POPUP_TEXT_MAX,
  POPUP_TITLE_MAX,
} from '../../../../contract/schemas/home-content';
import { Button } from '../../../ui/Button';
import { FormMessage } from '../../../ui/form-message';
import { adminMessage } from '../admin-messages';
import { LoadFailed } from '../desk-ui';
import { getAdminHomePopup, saveHomePopup } from './catalogue-api';
import { CheckField } from './catalogue-ui';
import { PieceFields } from './home-piece-fields';
import { serverFieldErrors } from './product-form';

const FIELDS = [
  { name: 'title', label: 'Headline', hint: `At most ${POPUP_TITLE_MAX} characters.` },
  { name: 'text', label: 'Text', hint: `What the offer is, at most ${POPUP_TEXT_MAX}.` },
  { name: 'code', label: 'Code (optional)', hint: `A code shoppers type, such as BOGO50; at most ${POPUP_CODE_MAX}.` },
  { name: 'button_label', label: 'Button label', hint: `Such as Shop Now; at most ${BUTTON_LABEL_MAX}.` },
  {
    name: 'link',
    label: 'Button link',
    hint: 'A path of this shop (such as /searchproductlist?search=fresh) or an https:// address.',
  },
] as const;

const valuesOf = (popup: AdminHomePopup): Record<string, string> => ({
  title: popup.title,
  text: popup.text,
  code: popup.code ?? '',
  button_label: popup.button_label,
  link: popup.link,
});

function PopupForm({
  popup,
  readOnly,
  onSaved,
}: {
  popup: AdminHomePopup;
  readOnly: boolean;
  onSaved: (p: AdminHomePopup) => void;
}) {
  const [values, setValues] = useState(() => valuesOf(popup));
  const [enabled, setEnabled] = useState(popup.enabled);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [notice, setNotice] = useState<{ text: string; kind: 'error' | 'success' }>({ text: '', kind: 'success' });
  const [busy, setBusy] = useState(false);

  const save = async (event: FormEvent) => {
    event.preventDefault();
    const checked = validate(homePopupSchema, { ...values, enabled });
    setErrors(checked.ok ? {} : checked.errors);
    if (!checked.ok) return;
    setBusy(true);
    setNotice({ text: '', kind: 'success' });
    try {
      const saved = await saveHomePopup(checked.data);
      const campaignChanged = saved.campaign !== popup.campaign;
      setNotice({
        kind: 'success',
        text: !saved.enabled
          ? 'Pop-up saved. It is switched off: the home page does not show it.'
          : campaignChanged
            ? 'Pop-up saved: a new campaign, shown once to every visitor.'
            : 'Pop-up saved.',
      });
      onSaved(saved);
    } catch (e) {
      setErrors(serverFieldErrors(e));
      setNotice({ text: adminMessage(e, 'The pop-up could not be saved.'), kind: 'error' });
    } finally {
      setBusy(false);
    }
  };

  return (
    <form
      noValidate
      onSubmit={(e) => void save(e)}
      aria-label="Edit the offer pop-up"
      className="space-y-3 rounded-lg border border-slate-200 bg-white p-4"
    >
      <fieldset disabled={readOnly} className="grid min-w-0 gap-3 sm:grid-cols-2">
        <legend className="sr-only">The offer pop-up</legend>
        <div className="sm:col-span-2">
          <CheckField
            label="Show the pop-up on the home page"
            checked={enabled}
            onChecked={setEnabled}
            hint="Each visitor sees it once per campaign; changing its words starts a new campaign."
          />
        </div>
        <PieceFields fields={FIELDS} values={values} errors={errors} setValues={setValues} />
      </fieldset>
      {!readOnly && (
        <Button type="submit" disabled={busy}>
          Save pop-up
        </Button>
      )}
      <p className="text-xs text-muted">Campaign: {popup.campaign}</p>
      <FormMessage message={notice.text} kind={notice.kind} />
    </form>
  );
}

/** The home page's offer pop-up: its words, button and link, shown or switched off. */
export function HomePopupSection({ readOnly }: { readOnly: boolean }) {
  const [popup, setPopup] = useState<AdminHomePopup | null>(null);
  const [error, setError] = useState('');
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    const controller = new AbortController();
    getAdminHomePopup(controller.signal)
      .then((loaded) => {
        setPopup(loaded);
        setError('');
      })
      .catch((e: unknown) => {
        if (!controller.signal.aborted) setError(adminMessage(e, 'The pop-up could not be loaded.'));
      });
    return () => controller.abort();
  }, [attempt]);

  return (
    <section aria-labelledby="popup-heading" className="space-y-3">
      <h2 id="popup-heading" className="text-xl font-bold">
        Offer pop-up
      </h2>
      <p className="text-sm text-muted">The offer that opens over the home page for a few seconds.</p>
      {error && <LoadFailed message={error} onRetry={() => setAttempt((n) => n + 1)} />}
      {!popup && !error && <p role="status">Loading the pop-up…</p>}
      {popup && <PopupForm popup={popup} readOnly={readOnly} onSaved={setPopup} />}
    </section>
  );
}
