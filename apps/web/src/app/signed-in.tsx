// The signed-in chunk: everything only signed-in pages use, loaded once the session is known
// (`applySession`, and before the first render when a session is restored on load), so /login's
// first download carries none of it (docs/adr/0039): the API client and its cache (RTK Query),
// the header's account menu, connection state and named breadcrumb, the sidebar, the realtime
// connection, the language sync with the profile, the leave guard, the office reminder and the
// route condition gate.
import { api } from '@ipportal/api-client';
import { setupListeners } from '@reduxjs/toolkit/query';
import type { Dispatch } from 'redux';
import type { AppStore } from './store';

export { AccountMenu } from '../features/shell/account-menu';
export { ConnectionStatus } from '../features/shell/connection-status';
export { LocalePreferenceSync } from '../features/shell/locale-preference-sync';
export { RealtimeConnection } from '../features/shell/realtime-connection';
export { ShellNavigation } from '../features/shell/shell-navigation';
export { SignedInBreadcrumb } from '../features/shell/signed-in-breadcrumb';
export { OfficeReminder } from '../features/partner-firm/office-reminder';
export { LeaveGuard } from '../shared/leave-guard';
export { ConditionGate } from './condition-gate';
export { SignedInGate } from './signed-in-gate';
export { LiveConnection } from './live-connection';
export { routePages } from './route-pages';

const installed = new WeakSet<AppStore>();

/** Adds the API cache and its middleware to the store (once per store). */
export function installSignedIn(store: AppStore): void {
  if (installed.has(store)) return;
  installed.add(store);
  store.install({ key: 'api', reducer: api.reducer, middleware: [api.middleware] });
  // Queries that ask for it (the request mail thread, the calendar feeds' last fetch) refetch when
  // the window regains focus, and polling ones may pause while it does not have it.
  setupListeners(store.dispatch);
}

/** Empties the API cache: another user (or none) must not see the previous user's data. */
export function resetApiCache(dispatch: Dispatch): void {
  dispatch(api.util.resetApiState());
}
