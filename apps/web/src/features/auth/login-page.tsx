import { LoginForm } from './login-form';

/**
 * /login. The form and everything it needs beyond the app shell build into one chunk (see
 * vite.config.ts), which keeps the first paint's download small.
 */
export function LoginPage() {
  return <LoginForm />;
}
