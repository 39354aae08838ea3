/**
 * `list[index]` for the generator's fixed tables and the lists it derives from them, which are
 * never empty: a miss is a bug in those tables, so it stops the seed with the index and length
 * instead of writing `undefined` into the catalogue.
 */
export function itemAt<T>(list: readonly T[], index: number): T {
  if (index < 0 || index >= list.length) {
    throw new RangeError(`index ${String(index)} is outside a list of ${String(list.length)}`);
  }
  return list[index] as T;
}
