/**
 * How each of the panel's groups is written as a plain form's inputs, so that submitting the form
 * (without JavaScript) gives the address `browseQuery` writes: the list filters are checkboxes
 * named after their key (several may be ticked), price, rating and discount are one choice each
 * (radios), availability is the single `instock=1` box.
 */
import type { FacetKey } from '../../../contract/browse';
import type { Facet, FacetOption } from '../../../contract/api/browse';

export interface FacetInput {
  /** The input's name: the address's key. */
  name: string;
  type: 'checkbox' | 'radio';
  value: string;
  label: string;
  count: number;
  checked: boolean;
  /** An option that would leave nothing is shown, but cannot be chosen (unless it already is). */
  disabled: boolean;
}

const INPUT_OF: Record<FacetKey, { name: string; type: FacetInput['type'] }> = {
  brand: { name: 'brand', type: 'checkbox' },
  size: { name: 'size', type: 'checkbox' },
  colour: { name: 'colour', type: 'checkbox' },
  pack: { name: 'pack', type: 'checkbox' },
  price: { name: 'price', type: 'radio' },
  rating: { name: 'rating', type: 'radio' },
  discount: { name: 'discount', type: 'radio' },
  availability: { name: 'instock', type: 'checkbox' },
};

function inputOf(key: FacetKey, option: FacetOption): FacetInput {
  const { name, type } = INPUT_OF[key];
  return {
    name,
    type,
    value: key === 'availability' ? '1' : option.value,
    label: option.label,
    count: option.count,
    checked: option.selected,
    disabled: option.count === 0 && !option.selected,
  };
}

/** A group's inputs in the API's order. */
export function facetInputs(facet: Facet): FacetInput[] {
  return facet.options.map((option) => inputOf(facet.key, option));
}
