import { createContext, useContext, useEffect } from 'react';
import type { ReactNode } from 'react';
import { useAppDispatch } from '../../app/hooks';
import { applySession } from './apply-session';
import type { AuthPort } from './auth-port';

const AuthPortContext = createContext<AuthPort | null>(null);

export interface AuthProviderProps {
  port: AuthPort;
  children?: ReactNode;
}

/** Gives components the auth port and keeps the store's auth state in step with it. */
export function AuthProvider({ port, children }: AuthProviderProps) {
  const dispatch = useAppDispatch();
  useEffect(() => {
    let active = true;
    const unsubscribe = port.onChange((session) => {
      if (active) dispatch(applySession(session));
    });
    void port.currentSession().then(
      (session) => {
        if (active) dispatch(applySession(session));
      },
      () => {
        if (active) dispatch(applySession(null));
      },
    );
    return () => {
      active = false;
      unsubscribe();
    };
  }, [port, dispatch]);
  return <AuthPortContext.Provider value={port}>{children}</AuthPortContext.Provider>;
}

export function useAuthPort(): AuthPort {
  const port = useContext(AuthPortContext);
  if (!port) throw new Error('useAuthPort needs an <AuthProvider>');
  return port;
}
