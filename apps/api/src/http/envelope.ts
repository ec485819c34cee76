/** Successful envelopes carry an empty message: the client shows its own success toast. */
export const ok = '';

/** `{ hasError: false, message: '', item }`: one resource. */
export function itemAnswer<T>(item: T): { hasError: false; message: string; item: T } {
  return { hasError: false, message: ok, item };
}

/** `{ hasError: false, message: '', items, ...extra }`: a list, with totals or cursors beside it. */
export function itemsAnswer<T, X extends object = Record<never, never>>(
  items: T[],
  extra?: X,
): { hasError: false; message: string; items: T[] } & X {
  return { hasError: false, message: ok, items, ...(extra ?? ({} as X)) };
}
