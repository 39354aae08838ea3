import type { RefObject } from 'react';
import type { Product, Variant } from '../../../contract/types';
import { formatQuantity } from '../../../contract/format';
import { isSizedUnit } from '../../../contract/variants';
import { colourChoices, quantityChoices, sizeChoices } from './variant-choices';

interface Props {
  product: Product;
  shown: Variant | null;
  chosenId: number | null;
  /** The size row, which Add Cart and Buy Now scroll to and focus when no size is chosen. */
  sizeRow?: RefObject<HTMLFieldSetElement | null>;
  /** The message shown under the size row when a size was asked for. */
  sizeAsk?: string | null;
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
export function VariantPicker({ product, shown, chosenId, sizeRow, sizeAsk, onChoose, onColour }: Props) {
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
        <fieldset
          ref={sizeRow}
          tabIndex={-1}
          aria-describedby={sizeAsk ? 'size-ask' : undefined}
          className="scroll-mt-24 rounded-lg focus-visible:outline-2 focus-visible:outline-offset-4 focus-visible:outline-brand-700"
        >
          <legend className="mb-2 text-sm font-semibold">Size</legend>
          <div className="flex flex-wrap gap-2">
            <Chips choices={sizes} active={(v) => chosenId === v.id} label={(v) => v.size} onPick={onChoose} />
          </div>
          {sizeAsk && (
            <p id="size-ask" role="alert" className="mt-2 text-sm font-medium text-red-700">
              {sizeAsk}
            </p>
          )}
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
