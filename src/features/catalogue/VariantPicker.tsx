import type { Product, Variant } from '../../../contract/types';
import { formatQuantity } from '../../../contract/format';
import { isSizedUnit } from '../../../contract/variants';
import { colourChoices, quantityChoices, sizeChoices } from './variant-choices';

interface Props {
  product: Product;
  shown: Variant | null;
  chosenId: number | null;
  onChoose: (variant: Variant) => void;
  onColour: (variant: Variant) => void;
}

const chip = (active: boolean) =>
  `rounded-lg border-2 px-3 py-1.5 text-sm font-medium ${active ? 'border-brand-700 bg-brand-50 text-brand-800' : 'border-slate-300 hover:border-slate-400'}`;

/** Colour, size and weight/volume choices by the product page's rules. */
export function VariantPicker({ product, shown, chosenId, onChoose, onColour }: Props) {
  const colours = colourChoices(product);
  const sizes = sizeChoices(product, shown);
  const sized = shown ? isSizedUnit(shown.unit) : false;
  const quantities = sized ? [] : quantityChoices(product);

  return (
    <div className="flex flex-col gap-4">
      {colours.length > 0 && (
        <fieldset>
          <legend className="mb-2 text-sm font-semibold">
            Colour: <span className="font-normal">{shown?.color}</span>
          </legend>
          <div className="flex flex-wrap gap-2">
            {colours.map((v) => (
              <button
                key={v.id}
                type="button"
                className={chip(shown?.color === v.color)}
                aria-pressed={shown?.color === v.color}
                onClick={() => onColour(v)}
              >
                {v.color}
              </button>
            ))}
          </div>
        </fieldset>
      )}
      {sizes.length > 0 && (
        <fieldset>
          <legend className="mb-2 text-sm font-semibold">Size</legend>
          <div className="flex flex-wrap gap-2">
            {sizes.map((v) => (
              <button
                key={v.id}
                type="button"
                className={chip(chosenId === v.id)}
                aria-pressed={chosenId === v.id}
                onClick={() => onChoose(v)}
              >
                {v.size}
              </button>
            ))}
          </div>
        </fieldset>
      )}
      {!sized && shown && (
        <div>
          <p className="mb-2 text-sm font-semibold">
            Weight/Volume: <span className="font-normal">{formatQuantity(shown.unit_value, shown.unit)}</span>
          </p>
          {quantities.length > 1 && (
            <div className="flex flex-wrap gap-2" role="group" aria-label="Pack size">
              {quantities.map((v) => (
                <button
                  key={v.id}
                  type="button"
                  className={chip(chosenId === v.id)}
                  aria-pressed={chosenId === v.id}
                  onClick={() => onChoose(v)}
                >
                  {formatQuantity(v.unit_value, v.unit)}
                </button>
              ))}
            </div>
          )}
        </div>
      )}
    </div>
  );
}
