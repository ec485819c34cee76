import type { RuntimeConfig } from '../../app/runtime-config';
import type { AuthPort } from './auth-port';
import { createSignedOutAuthPort } from './signed-out-auth-port';

/**
 * The auth port of the running app. The Identity issue replaces the body with the
 * packages/auth implementation built from `config.identity`; nothing else changes.
 */
export function createAuthPort(_config: RuntimeConfig): AuthPort {
  return createSignedOutAuthPort();
}
