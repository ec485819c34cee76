import { NotAvailable } from '../../shared/not-available';

/** The header shows the title; the feature's issue builds the content. */
export function PasswordResetPage() {
  return <NotAvailable />;
}
