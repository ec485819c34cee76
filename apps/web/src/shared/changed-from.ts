/** Whether a form's values differ from where they started (plain data: strings, numbers, lists). */
export function changedFrom<T>(initial: T, values: T): boolean {
  return JSON.stringify(initial) !== JSON.stringify(values);
}
