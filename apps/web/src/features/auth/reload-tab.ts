/** Reloads this tab (its own module, so tests can stand in for the browser's reload). */
export function reloadTab(): void {
  window.location.reload();
}
