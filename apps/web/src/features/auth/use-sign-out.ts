import { useState } from 'react';
import { useNavigate } from 'react-router';
import { pathTo } from '../../routes/paths';
import { useAuthPort } from './auth-provider';

/**
 * Signs out (on every device: the identity service ends the session everywhere) and opens
 * /login. The account menu and the profile page both offer it.
 */
export function useSignOut(): { signOut: () => Promise<void>; signingOut: boolean } {
  const port = useAuthPort();
  const navigate = useNavigate();
  const [signingOut, setSigningOut] = useState(false);
  async function signOut() {
    setSigningOut(true);
    try {
      await port.signOut();
    } catch (cause) {
      // The session on this device is gone either way; the service may keep the others.
      console.warn('Global sign-out failed', cause);
    } finally {
      setSigningOut(false);
      void navigate(pathTo('login'), { replace: true });
    }
  }
  return { signOut, signingOut };
}
