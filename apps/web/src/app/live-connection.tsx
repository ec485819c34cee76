import { RealtimeConnection } from '../features/shell/realtime-connection';
import { useTwoFactorSetUpPending } from './two-factor-gate';

/** The realtime socket, once a two-factor set-up the user's organization requires is done (the API refuses it before). */
export function LiveConnection() {
  return useTwoFactorSetUpPending() ? null : <RealtimeConnection />;
}
