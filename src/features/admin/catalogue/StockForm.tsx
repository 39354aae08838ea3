import { useState, type FormEvent } from 'react';
import type { AdminProduct, AdminVariant } from '../../../../contract/api/admin-catalogue';
import { Button } from '../../../ui/Button';
import { Field } from '../../../ui/form';
import { DeskNotice } from '../DeskNotice';
import { adminMessage } from '../admin-messages';
import { setVariantStock } from './catalogue-api';
import { stockText } from './catalogue-format';
import { checkStock, serverFieldErrors } from './product-form';

type Notice = { text: string; kind: 'error' | 'success' | 'info' };
const NONE: Notice = { text: '', kind: 'success' };

/** Stock on hand after a count, with what unpaid orders hold and what can be ordered. */
export function StockForm({
  variant,
  readOnly,
  onProduct,
}: {
  variant: AdminVariant;
  readOnly: boolean;
  onProduct: (product: AdminProduct) => void;
}) {
  const [onHand, setOnHand] = useState(String(variant.stock.on_hand));
  const [error, setError] = useState('');
  const [notice, setNotice] = useState(NONE);
  const [busy, setBusy] = useState(false);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const checked = checkStock(onHand);
    if (!checked.ok) return setError(checked.errors.on_hand ?? '');
    setBusy(true);
    setNotice(NONE);
    try {
      onProduct(await setVariantStock(variant.id, checked.data));
      setNotice({ text: 'Stock set.', kind: 'success' });
    } catch (e) {
      setError(serverFieldErrors(e).on_hand ?? '');
      setNotice({ text: adminMessage(e, 'The stock could not be set.'), kind: 'error' });
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="space-y-2">
      <p data-testid="variant-stock">{stockText(variant.stock)}</p>
      {!readOnly && (
        <form noValidate onSubmit={submit} className="flex flex-wrap items-end gap-2">
          <Field
            label="Stock on hand"
            name="on_hand"
            inputMode="numeric"
            autoComplete="off"
            value={onHand}
            error={error}
            onValue={(value) => {
              setOnHand(value);
              setError('');
            }}
          />
          <Button type="submit" variant="secondary" disabled={busy}>
            Set stock
          </Button>
        </form>
      )}
      <DeskNotice message={notice.text} kind={notice.kind} />
    </div>
  );
}
