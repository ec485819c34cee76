/** What /profile confirms after the account forms (passed in the router state). */
export type AccountNotice = 'profileUpdated' | 'passwordChanged';

export interface AccountLocationState {
  notice?: AccountNotice;
}

export function accountNoticeOf(state: unknown): AccountNotice | null {
  if (typeof state !== 'object' || state === null) return null;
  const { notice } = state as Record<string, unknown>;
  return notice === 'profileUpdated' || notice === 'passwordChanged' ? notice : null;
}
