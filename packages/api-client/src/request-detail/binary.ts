import {
  deliverableEndpoints,
  requestMailEndpoints,
  type Deliverable,
  type RequestMail,
} from '@ipportal/domain';
import { envelopeOf as itemOf, send, type BinaryResult, type BinaryThunk as Thunk } from '../binary-call.js';
import { apiRequest } from '../endpoint-request.js';
import type { RequestKey } from '../requests/requests-api.js';
import { applyOwnRequestMail } from './mail-cache.js';
import { requestDetailApi, requestDetailId } from './request-detail-api.js';

/*
 * Calls that carry bytes (a mail with attachments, a deliverable upload, downloads). They are
 * thunks rather than endpoints so no File or Blob ever enters the store (RTK Query keeps endpoint
 * arguments in the state).
 */

export type DetailBinaryResult<T> = BinaryResult<T>;

export interface NewRequestMail {
  subject: string;
  body: string;
  attachments: readonly File[];
}

/**
 * POST .../mails (multipart: subject, body, then the files); the answer goes into the thread,
 * the history is refreshed.
 */
export function sendRequestMail(
  key: RequestKey,
  mail: NewRequestMail,
): Thunk<DetailBinaryResult<RequestMail>> {
  return async (dispatch, _getState, extra) => {
    const form = new FormData();
    // The server validates the text fields before it stores any attachment: they go first.
    form.append('subject', mail.subject);
    form.append('body', mail.body);
    for (const file of mail.attachments) form.append('files', file, file.name);
    const sent = await send(extra, apiRequest(requestMailEndpoints.sendRequestMail, { params: key }), form);
    if ('error' in sent) return sent;
    const result = await itemOf<RequestMail>(sent.response);
    if ('data' in result) {
      // The answer is the mail as the thread lists it (ADR 0055): put in place, not refetched.
      // The caller's own counts do not move with it; the other side's mails come by their frames.
      dispatch(applyOwnRequestMail(key, result.data));
      dispatch(requestDetailApi.util.invalidateTags([{ type: 'RequestHistory', id: requestDetailId(key) }]));
    }
    return result;
  };
}

/** POST .../deliverables (multipart, part `file`; the office); refreshes the lists and history. */
export function uploadDeliverable(key: RequestKey, file: File): Thunk<DetailBinaryResult<Deliverable>> {
  return async (dispatch, _getState, extra) => {
    const form = new FormData();
    form.append('file', file, file.name);
    const sent = await send(extra, apiRequest(deliverableEndpoints.uploadDeliverable, { params: key }), form);
    if ('error' in sent) return sent;
    const result = await itemOf<Deliverable>(sent.response);
    if ('data' in result) {
      dispatch(
        requestDetailApi.util.invalidateTags([
          { type: 'RequestDeliverable', id: requestDetailId(key) },
          { type: 'RequestHistory', id: requestDetailId(key) },
          { type: 'Deliverable', id: 'LIST' },
        ]),
      );
    }
    return result;
  };
}

/** GET of stored bytes (a mail attachment, a deliverable) with the bearer token. */
export function fetchRequestBlob(path: string): Thunk<DetailBinaryResult<Blob>> {
  return async (_dispatch, _getState, extra) => {
    const sent = await send(extra, { url: path, method: 'GET' });
    if ('error' in sent) return sent;
    if (!sent.response.ok) return itemOf<Blob>(sent.response);
    return { data: await sent.response.blob() };
  };
}

/** The paths `fetchRequestBlob` takes, below the signed-in user's namespace. */
export const requestBinaryPaths = {
  mailAttachment: (key: RequestKey, mailId: string, fileId: string) =>
    apiRequest(requestMailEndpoints.downloadRequestMailAttachment, { params: { ...key, mailId, fileId } })
      .url,
  deliverable: (key: RequestKey, deliverableId: string) =>
    apiRequest(deliverableEndpoints.downloadDeliverable, { params: { ...key, deliverableId } }).url,
};
