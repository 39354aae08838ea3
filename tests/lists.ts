/**
 * Reading a list item a test relies on: when the list is shorter, the test fails with a message
 * naming the list instead of a TypeError further on.
 */
export function itemAt<T>(list: readonly T[], index: number, what = 'the list'): T {
  if (!Number.isInteger(index) || index < 0 || index >= list.length) {
    throw new Error(`${what} has ${String(list.length)} items, so no item ${String(index)}`);
  }
  return list[index] as T;
}

/** The first item of `list`, failing the test when it is empty. */
export function first<T>(list: readonly T[], what?: string): T {
  return itemAt(list, 0, what);
}
