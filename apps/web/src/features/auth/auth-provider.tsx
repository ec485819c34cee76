import type { UserType } from '@ipportal/domain';
import { createContext, lazy, Suspense, useContext, useEffect, useState } from 'react';
import type { ReactNode } from 'react';
import { useAppDispatch } from '../../app/hooks';
import { applySession } from './apply-session';
import type { AuthPort, Session } from './auth-port';

const AuthPortContext = createContext<AuthPort | null>(null);

// Loaded only when another tab signs in as another user, so no first visit downloads it.
const SessionReplacedDialog = lazy(() =>
  import('./session-replaced-dialog').then((m) => ({ default: m.SessionReplacedDialog })),
);

export interface AuthProviderProps {
  port: AuthPort;
  children?: ReactNode;
}

/**
 * Gives components the auth port and keeps the store's auth state in step with it. When another
 * tab signs in as another user, the store keeps this tab's user and a dialog asks for the reload.
 */
export function AuthProvider({ port, children }: AuthProviderProps) {
  const dispatch = useAppDispatch();
  const [replacedBy, setReplacedBy] = useState<UserType | null>(null);
  useEffect(() => {
    let active = true;
    // A sign-in whose signed-in chunk did not load leaves the tab as it was; the next change retries.
    const record = (session: Session | null) => {
      if (!active) return;
      dispatch(applySession(session)).catch((error: unknown) => {
        console.error('The session could not be applied', error);
      });
    };
    const unsubscribe = port.onChange(record);
    const unsubscribeReplaced = port.onReplaced((session) => {
      if (active) setReplacedBy(session.userType);
    });
    void port.currentSession().then(record, () => record(null));
    return () => {
      active = false;
      unsubscribe();
      unsubscribeReplaced();
    };
  }, [port, dispatch]);
  return (
    <AuthPortContext.Provider value={port}>
      {children}
      {replacedBy && (
        <Suspense fallback={null}>
          <SessionReplacedDialog userType={replacedBy} />
        </Suspense>
      )}
    </AuthPortContext.Provider>
  );
}

export function useAuthPort(): AuthPort {
  const port = useContext(AuthPortContext);
  if (!port) throw new Error('useAuthPort needs an <AuthProvider>');
  return port;
}
