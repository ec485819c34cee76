import { lazy } from 'react';

/**
 * The Create Matter dialog (only a signed-in client opens it), loaded apart from the first
 * download: /login and the other public pages do not need it (the /login size budget).
 * `preloadCreateMatterDialog` starts the download as soon as a session exists, so it is there
 * before the sidebar's button is pressed. The sidebar itself stays in the first download: it
 * shows on every signed-in page at once.
 */
const loadCreateMatterDialog = () => import('./create-matter-dialog');

export const CreateMatterDialog = lazy(() =>
  loadCreateMatterDialog().then((m) => ({ default: m.CreateMatterDialog })),
);

export function preloadCreateMatterDialog(): void {
  void loadCreateMatterDialog();
}
