/** Protocol timings: the Amplify v6 client's, which the server's keep-alive and closes are made for. */
export const realtimeTimings = {
  ackTimeoutMs: 15_000,
  startAckTimeoutMs: 15_000,
  /** No `ka` or `data` for this long: show "reconnecting". */
  keepAliveAlertMs: 65_000,
  /** Until the server's connection_ack says otherwise. */
  defaultConnectionTimeoutMs: 300_000,
  handshakeBaseDelayMs: 200,
  handshakeMaxDelayMs: 5_000,
  handshakeTries: 6,
  /** After an established socket drops. */
  firstReconnectMs: 5_000,
  laterReconnectMs: 60_000,
  /** After the server's resync close (4000). */
  resyncMaxDelayMs: 1_000,
} as const;

/** Close codes of the portal's server (ADR 0030). */
export const realtimeCloseCodes = {
  /**
   * The server asks for a reconnect and a refetch (the user's profile changed, or its bus
   * listened again; it spreads these closes itself): come back at once, not as after a failure.
   */
  resync: 4000,
  /** The token ran out or its sessions ended: reconnect with a fresh one. */
  tokenExpired: 4401,
} as const;
