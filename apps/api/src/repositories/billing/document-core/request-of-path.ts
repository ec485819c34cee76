import { refuse, type Refused } from '@ipportal/domain';
import type { Principal } from '../../../auth/types.js';
import type { Executor } from '../../../db/client.js';
import { findVisibleRequest, type VisibleRequest } from '../../request-access.js';
import { isOffice } from './drafts.js';

/* The request a document route names (`/projects/:projectId/requests/:requestId/…`). */

export interface RequestPath {
  projectId: string;
  requestId: number;
}

/** Answers `read` of the request of the path if the caller sees it. */
export async function ofVisibleRequest<T>(
  db: Executor,
  principal: Principal,
  path: RequestPath,
  read: (request: VisibleRequest) => Promise<T>,
): Promise<T | Refused<'requestNotFound'>> {
  const request = await findVisibleRequest(db, principal, path.projectId, path.requestId);
  return request ? read(request) : refuse('requestNotFound');
}

/** The request of the path when the caller is a user of the office it is addressed to. */
export async function findOwnRequest(
  db: Executor,
  principal: Principal,
  path: RequestPath,
): Promise<VisibleRequest | Refused<'requestNotFound'>> {
  const request = await findVisibleRequest(db, principal, path.projectId, path.requestId);
  if (!request || !isOffice(principal) || principal.firmId !== request.firmId) {
    return refuse('requestNotFound');
  }
  return request;
}
