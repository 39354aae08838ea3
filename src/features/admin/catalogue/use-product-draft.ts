import { useState } from 'react';
import type { AdminProduct } from '../../../../contract/api/admin-catalogue';
import { ApiError } from '../../../lib/api/http';
import { adminMessage } from '../admin-messages';
import { useUnsavedWarning } from '../unsaved-changes';
import { getAdminProduct, saveProductPage } from './catalogue-api';
import { CHECK_FIELDS } from './NewProductForm';
import { checkSave, isDirty, pageDraft, serverFieldErrors, type FieldErrors, type PageDraft } from './product-form';

export type Notice = { text: string; kind: 'error' | 'success' | 'info' };
const NONE: Notice = { text: '', kind: 'success' };

/**
 * The product page's edits and its one save: the inputs of the product and of every variant with
 * their stock changes, the errors by path ('variants.1.price'), and whether someone else saved
 * the product since it was loaded (then Reload takes their version; until then the edits stay).
 */
export function useProductDraft(product: AdminProduct, onProduct: (product: AdminProduct) => void) {
  const [draft, setDraft] = useState<PageDraft>(() => pageDraft(product));
  const [errors, setErrors] = useState<FieldErrors>({});
  const [notice, setNotice] = useState<Notice>(NONE);
  const [stale, setStale] = useState(false);
  const [busy, setBusy] = useState(false);
  const dirty = isDirty(product, draft);
  useUnsavedWarning(dirty);

  const edit = (change: (d: PageDraft) => PageDraft) => {
    setDraft(change);
    setErrors({});
  };

  const take = (fresh: AdminProduct) => {
    onProduct(fresh);
    setDraft(pageDraft(fresh));
    setErrors({});
    setStale(false);
  };

  const save = async () => {
    if (busy) return;
    const checked = checkSave(product, draft);
    if (!checked.ok) {
      setErrors(checked.errors);
      return setNotice({ text: CHECK_FIELDS, kind: 'error' });
    }
    const { changed, ...body } = checked.data;
    if (!changed) return setNotice({ text: 'Nothing to save: no field changed.', kind: 'info' });
    setBusy(true);
    setNotice(NONE);
    try {
      take(await saveProductPage(product.id, body));
      setNotice({ text: 'Saved. The shop’s pages follow within seconds.', kind: 'success' });
    } catch (error) {
      const fields = serverFieldErrors(error);
      setErrors(fields);
      setStale(error instanceof ApiError && error.status === 409 && Object.keys(fields).length === 0);
      setNotice({ text: adminMessage(error, 'The changes could not be saved.'), kind: 'error' });
    } finally {
      setBusy(false);
    }
  };

  const reload = async () => {
    setBusy(true);
    try {
      take(await getAdminProduct(product.id));
      setNotice({ text: 'Reloaded: the product as saved now.', kind: 'info' });
    } catch (error) {
      setNotice({ text: adminMessage(error, 'The product could not be loaded.'), kind: 'error' });
    } finally {
      setBusy(false);
    }
  };

  return { draft, edit, errors, notice, stale, busy, dirty, save, reload };
}
