/** Moves focus to a field by its element id; a field made of several controls brings its own. */
export type FocusField = (id: string) => void;

function focusById(id: string) {
  document.getElementById(id)?.focus();
}

/**
 * Focuses the first field in `order` that has an error, then any other path with one (a list
 * row the server refused), so the keyboard and the screen reader land where the problem is.
 * Returns the path focused.
 */
export function focusFirstInvalid(
  errors: Partial<Record<string, unknown>>,
  order: readonly string[],
  idOf: (path: string) => string,
  focusers: Partial<Record<string, FocusField>> = {},
): string | undefined {
  const invalid = (path: string) => Boolean(errors[path]);
  const first = order.find(invalid) ?? Object.keys(errors).find(invalid);
  if (first !== undefined) (focusers[first] ?? focusById)(idOf(first));
  return first;
}

/** Focus for a radio group, whose `name` stands for the field: its first option. */
export const focusRadioGroup: FocusField = (name) =>
  document.querySelector<HTMLInputElement>(`input[name="${name}"]`)?.focus();
