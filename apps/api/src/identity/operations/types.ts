import type { IdentityService, OperationResult, RequestInfo } from '../service.js';
import type { PoolRuntime } from '../settings.js';

/** One Cognito operation: the service, the pool it was posted to, the JSON body, the HTTP request. */
export type Operation = (
  service: IdentityService,
  pool: PoolRuntime,
  body: unknown,
  request: RequestInfo,
) => Promise<OperationResult>;
