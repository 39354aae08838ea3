import { useId, useState, type FormEvent } from 'react';
import type { AdminProduct, AdminVariant } from '../../../../contract/api/admin-catalogue';
import { Button } from '../../../ui/Button';
import { ConfirmDialog } from '../../../ui/ConfirmDialog';
import { DeskNotice } from '../DeskNotice';
import { adminMessage } from '../admin-messages';
import { deleteVariant } from './catalogue-api';
import type { FieldErrors, StockDraft, VariantFormValues } from './product-form';
import { StockChange } from './StockChange';
import { VariantFields } from './VariantFields';
import { VariantPictures } from './VariantPictures';

/**
 * One variant of a product: its fields and a stock change (both kept by the page's one Save),
 * its pictures (added and moved at once), and Delete. Errors by `prefix` + field.
 */
export function VariantCard({
  variant,
  values,
  stock,
  errors,
  prefix,
  readOnly,
  onValues,
  onStock,
  onProduct,
}: {
  variant: AdminVariant;
  values: VariantFormValues;
  stock: StockDraft;
  errors: FieldErrors;
  prefix: string;
  readOnly: boolean;
  onValues: (next: Partial<VariantFormValues>) => void;
  onStock: (next: Partial<StockDraft>) => void;
  onProduct: (product: AdminProduct) => void;
}) {
  const [notice, setNotice] = useState('');
  const [busy, setBusy] = useState(false);
  const [asking, setAsking] = useState(false);
  const heading = useId();

  const submit = (event: FormEvent) => event.preventDefault();

  const remove = async () => {
    setBusy(true);
    setNotice('');
    try {
      onProduct(await deleteVariant(variant.id));
    } catch (error) {
      setNotice(adminMessage(error, 'The variant could not be deleted.'));
      setBusy(false);
    }
  };

  return (
    <section aria-labelledby={heading} className="space-y-4 rounded-lg border border-slate-300 bg-white p-4">
      <h3 id={heading} className="text-lg font-bold break-words">
        Variant: {variant.name}
      </h3>
      <form noValidate onSubmit={submit} aria-label={`Variant ${variant.name}`} className="space-y-3">
        <fieldset disabled={readOnly} className="min-w-0 space-y-3">
          <legend className="sr-only">Fields of {variant.name}</legend>
          <VariantFields values={values} errors={errors} prefix={prefix} withStock={false} onChange={onValues} />
          <StockChange
            variant={variant}
            draft={stock}
            errors={errors}
            prefix={prefix}
            readOnly={readOnly}
            onChange={onStock}
          />
        </fieldset>
        {!readOnly && (
          <Button variant="danger" disabled={busy} onClick={() => setAsking(true)}>
            Delete variant
          </Button>
        )}
        <DeskNotice message={notice} kind="error" />
      </form>
      <VariantPictures variant={variant} readOnly={readOnly} onProduct={onProduct} />
      {asking && (
        <ConfirmDialog
          title={`Delete the variant ${variant.name}?`}
          text="Its stock and pictures go with it. A variant named on orders or reviewed cannot be deleted: hide the product instead."
          action="Delete the variant"
          keep="Keep it"
          onAnswer={(yes) => {
            setAsking(false);
            if (yes) void remove();
          }}
        />
      )}
    </section>
  );
}
