export { RealtimeClient } from './realtime-client.js';
export type {
  RealtimeClientOptions,
  RealtimeState,
  RealtimeSubscriptionHandlers,
} from './realtime-client.js';
export { isAccessRevoked, isAuthError } from './errors.js';
export type { RealtimeError } from './errors.js';
export { connectionInitFrame, parseRealtimeFrame, startFrame, stopFrame } from './frames.js';
export type { RealtimeAuthorization, RealtimeFrame, RealtimeStartFrame } from './frames.js';
export { realtimeHandshake, realtimeUrl } from './handshake.js';
export type { RealtimeHandshakeOptions, RealtimeHeaderForm } from './handshake.js';
export { globalSocket } from './socket.js';
export type { CreateRealtimeSocket, RealtimeSocket } from './socket.js';
export { realtimeCloseCodes, realtimeTimings } from './timings.js';
// The tests' WebSocket (tree-shaken from any bundle that does not import it).
export { FakeSocket, fakeSockets } from './fake-socket.js';
