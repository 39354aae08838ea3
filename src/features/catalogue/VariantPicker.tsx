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

interface ChipsProps {
  choices: Variant[];
  active: (variant: Variant) => boolean;
  label: (variant: Variant) => string | null;
  onPick: (variant: Variant) => void;
}

/** One pressable chip per choice: colour, size and pack size are picked alike. */
function Chips({ choices, active, label, onPick }: ChipsProps) {
  return choices.map((v) => (
    <button key={v.id} type="button" className={chip(active(v))} aria-pressed={active(v)} onClick={() => onPick(v)}>
      {label(v)}
    </button>
  ));
}

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
            <Chips
              choices={colours}
              active={(v) => shown?.color === v.color}
              label={(v) => v.color}
              onPick={onColour}
            />
          </div>
        </fieldset>
      )}
      {sizes.length > 0 && (
        <fieldset>
          <legend className="mb-2 text-sm font-semibold">Size</legend>
          <div className="flex flex-wrap gap-2">
            <Chips choices={sizes} active={(v) => chosenId === v.id} label={(v) => v.size} onPick={onChoose} />
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
              <Chips
                choices={quantities}
                active={(v) => chosenId === v.id}
                label={(v) => formatQuantity(v.unit_value, v.unit)}
                onPick={onChoose}
              />
            </div>
          )}
        </div>
      )}
    </div>
  );
}
