import { api } from '@ipportal/api-client';
import type { AppThunk } from '../../app/store';
import type { Session } from './auth-port';
import { sessionChanged } from './auth-slice';

/** Records a session change; another user (or none) must not see the previous user's cached data. */
export function applySession(session: Session | null): AppThunk {
  return (dispatch, getState) => {
    const previous = getState().auth;
    const subject = session?.subject ?? null;
    if (previous.status !== 'unknown' && previous.subject !== subject) {
      dispatch(api.util.resetApiState());
    }
    dispatch(sessionChanged(session));
  };
}
