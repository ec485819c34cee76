import type { AppThunk, ThunkExtra } from '../../app/store';
import type { Session } from './auth-port';
import { sessionChanged } from './auth-slice';

// The latest change asked of each store (keyed by its thunk services): an earlier change still
// waiting for the signed-in chunk must not overwrite it.
const latest = new WeakMap<ThunkExtra, number>();

/**
 * Records a session change. A session's pages need the signed-in chunk (the API cache among
 * others), so it is loaded before the store reads as signed in; another user (or none) must not
 * see the previous user's cached data, so the cache is emptied when the subject changes.
 */
export function applySession(session: Session | null): AppThunk<Promise<void>> {
  return async (dispatch, getState, extra) => {
    const ticket = (latest.get(extra) ?? 0) + 1;
    latest.set(extra, ticket);
    // Signed in, the chunk is in already: a sign-out (or a session restored again) is recorded
    // at once, with no wait that could let a navigation see the old session.
    const signedIn = extra.signedInLoaded() ?? (session ? await extra.loadSignedIn() : null);
    if (latest.get(extra) !== ticket) return;
    const before = getState().auth;
    const subject = session?.subject ?? null;
    if (signedIn && before.status !== 'unknown' && before.subject !== subject)
      signedIn.resetApiCache(dispatch);
    dispatch(sessionChanged(session));
  };
}
