import { useId } from 'react';
import type { AdminVariant } from '../../../../contract/api/admin-catalogue';
import { Field, SelectField } from '../../../ui/form';
import { historyText, STOCK_REASON_OPTIONS, stockText } from './catalogue-format';
import type { FieldErrors, StockDraft } from './product-form';

/**
 * A variant's stock: what is on hand, held and available; a change to save with the page (+20
 * or −2, relative to what is on the shelf when saved, so a sale meanwhile stands) with its reason
 * and a note; and its latest changes, newest first. Errors by `prefix` + 'stock.delta'.
 */
export function StockChange({
  variant,
  draft,
  errors,
  prefix,
  readOnly,
  onChange,
}: {
  variant: AdminVariant;
  draft: StockDraft;
  errors: FieldErrors;
  prefix: string;
  readOnly: boolean;
  onChange: (next: Partial<StockDraft>) => void;
}) {
  const historyHeading = useId();
  const error = (key: keyof StockDraft) => errors[`${prefix}stock.${key}`];
  return (
    <div className="space-y-2">
      <p data-testid="variant-stock">{stockText(variant.stock)}</p>
      {!readOnly && (
        <fieldset className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
          <legend className="mb-1 text-sm font-semibold">Change the stock</legend>
          <Field
            label="Stock change (+/−)"
            name="stock_delta"
            inputMode="text"
            autoComplete="off"
            placeholder="+20 or -2"
            value={draft.delta}
            error={error('delta')}
            onValue={(delta) => onChange({ delta })}
          />
          <SelectField
            label="Reason"
            name="stock_reason"
            value={draft.reason}
            error={error('reason')}
            options={[['', 'Choose a reason'], ...STOCK_REASON_OPTIONS]}
            onValue={(reason) => onChange({ reason })}
          />
          <Field
            label="Note (optional)"
            name="stock_note"
            autoComplete="off"
            className="sm:col-span-2"
            value={draft.note}
            error={error('note')}
            onValue={(note) => onChange({ note })}
          />
        </fieldset>
      )}
      <h4 id={historyHeading} className="text-sm font-semibold">
        Stock history
      </h4>
      {variant.history.length ? (
        <ul aria-labelledby={historyHeading} className="space-y-1 text-sm" data-testid="stock-history">
          {variant.history.map((line, i) => (
            <li key={`${i}-${line.at}`} className="break-words">
              {historyText(line)}
            </li>
          ))}
        </ul>
      ) : (
        <p className="text-sm text-muted">No stock changes yet.</p>
      )}
    </div>
  );
}
