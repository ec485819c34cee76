import { pathOf, projectDetailEndpoints, projectUserSpaceEndpoints } from '@ipportal/domain';
import type { ProjectDetail, UserSpaceFile } from '@ipportal/domain';
import type { ThunkAction, UnknownAction } from '@reduxjs/toolkit';
import type { ApiError } from '../api-error.js';
import type { ApiRequest } from '../base-query.js';
import { apiClientDepsFrom, namespaceForUserType } from '../deps.js';
import { apiRequest } from '../endpoint-request.js';
import { projectOf, projectsApi, updateEveryList } from './projects-api.js';
import { listUpdates } from './list-cache.js';

/*
 * Calls that carry bytes (multipart uploads, downloads). They are thunks rather than endpoints so
 * no File or Blob ever enters the store (RTK Query keeps endpoint arguments in the state).
 */

export type BinaryResult<T> = { data: T } | { error: ApiError };

// Any state and extra, as RTK Query's own thunks (`updateQueryData`) are typed: the app's store
// has more slices than this package knows, and the extra is checked by `apiClientDepsFrom`.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Thunk<R> = ThunkAction<Promise<R>, any, any, UnknownAction>;

interface EnvelopeBody<T> {
  hasError?: boolean;
  message?: string;
  item?: T;
}

/** Sends `request` (its URL, method and namespace; the body is a form, not JSON). */
export async function send(
  extra: unknown,
  request: ApiRequest,
  body?: FormData,
  init: { signal?: AbortSignal; headers?: Record<string, string> } = {},
): Promise<{ response: Response } | { error: ApiError }> {
  const deps = apiClientDepsFrom(extra);
  const token = await deps.getIdToken();
  if (!token) return { error: { status: 'NOT_LOGGED_IN', messageKey: null, serverMessage: null } };
  const namespace = request.namespace ?? namespaceForUserType(deps.getUserType());
  const url = `${deps.getBaseUrl(namespace).replace(/\/+$/, '')}${request.url}`;
  const call = (bearer: string) =>
    fetch(url, {
      method: request.method ?? 'GET',
      body,
      signal: init.signal,
      headers: { ...init.headers, Authorization: `Bearer ${bearer}` },
    });
  try {
    let response = await call(token);
    if (response.status === 401) {
      const renewed = await deps.getIdToken({ forceRefresh: true }).catch(() => null);
      if (renewed && renewed !== token) response = await call(renewed);
    }
    return { response };
  } catch (cause) {
    if (init.signal?.aborted) throw cause;
    return {
      error: {
        status: 'FETCH_ERROR',
        messageKey: null,
        serverMessage: cause instanceof Error ? cause.message : String(cause),
      },
    };
  }
}

export async function envelopeOf<T>(response: Response): Promise<BinaryResult<T>> {
  let body: EnvelopeBody<T> | null;
  try {
    body = (await response.json()) as EnvelopeBody<T> | null;
  } catch {
    body = null;
  }
  if (!response.ok || !body || body.hasError === true || body.item === undefined) {
    const message = body?.message;
    return {
      error: {
        status: response.ok ? 'PARSE_ERROR' : response.status,
        messageKey: null,
        serverMessage: typeof message === 'string' && message.length > 0 ? message : null,
      },
    };
  }
  return { data: body.item };
}

function formWith(file: File): FormData {
  const form = new FormData();
  form.append('file', file, file.name);
  return form;
}

/** Uploads a file to a matter's user space (multipart, part `file`); adds it to the cached list. */
export function uploadUserSpaceFile(projectId: string, file: File): Thunk<BinaryResult<UserSpaceFile>> {
  return async (dispatch, _getState, extra) => {
    const request = apiRequest(projectUserSpaceEndpoints.uploadUserSpaceFile, { params: { projectId } });
    const sent = await send(extra, request, formWith(file));
    if ('error' in sent) return sent;
    const result = await envelopeOf<UserSpaceFile>(sent.response);
    if ('data' in result) {
      const added = result.data;
      dispatch(
        projectsApi.util.updateQueryData('listUserSpaceFiles', projectId, (draft) => {
          if (!draft.some((f) => f.id === added.id)) draft.unshift(added);
        }),
      );
    }
    return result;
  };
}

/** Uploads a matter's trademark image (multipart, part `file`); answers the updated detail. */
export function uploadTrademarkImage(projectId: string, file: File): Thunk<BinaryResult<ProjectDetail>> {
  return async (dispatch, getState, extra) => {
    const request = apiRequest(projectDetailEndpoints.putTrademarkImage, { params: { projectId } });
    const sent = await send(extra, request, formWith(file));
    if ('error' in sent) return sent;
    const result = await envelopeOf<ProjectDetail>(sent.response);
    if ('data' in result) {
      const detail = result.data;
      await dispatch(projectsApi.util.upsertQueryData('getProject', projectId, detail));
      const project = projectOf(detail);
      updateEveryList({ dispatch, getState }, (list, args) => listUpdates.replace(list, project, args));
    }
    return result;
  };
}

/** GET of a file's bytes (a path of `projectBinaryPaths`) with the bearer token. */
export function fetchProjectBlob(path: string): Thunk<BinaryResult<Blob>> {
  return async (_dispatch, _getState, extra) => {
    const sent = await send(extra, { url: path, method: 'GET' });
    if ('error' in sent) return sent;
    if (!sent.response.ok) return envelopeOf<Blob>(sent.response);
    return { data: await sent.response.blob() };
  };
}

/** Paths of the byte downloads, for `fetchProjectBlob`. */
export const projectBinaryPaths = {
  userSpaceFile: (projectId: string, fileId: string) =>
    pathOf(projectUserSpaceEndpoints.downloadUserSpaceFile, { projectId, fileId }),
  trademarkImage: (projectId: string) => pathOf(projectDetailEndpoints.getTrademarkImage, { projectId }),
};
