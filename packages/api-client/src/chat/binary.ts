import { chatEndpoints } from '@ipportal/domain';
import type { ChatMessage, Locale } from '@ipportal/domain';
import type { ApiError } from '../api-error.js';
import { send, type BinaryResult, type BinaryThunk as Thunk } from '../binary-call.js';
import { apiRequest } from '../endpoint-request.js';
import type { RequestKey } from '../requests/requests-api.js';
import { applyChatMessage, applyOwnMessageToList } from './chat-cache.js';

/*
 * The chat's calls that carry bytes: a message with attachments (multipart) and the downloads
 * (an attachment, the transcript). Thunks rather than endpoints, as in request-detail/binary.ts,
 * so no File or Blob enters the store. They send the interface language as Accept-Language: the
 * server's refusal and the transcript come in the language the user reads.
 */

export type ChatBinaryResult<T> = BinaryResult<T>;

const languageHeader = (locale: Locale) => ({ headers: { 'Accept-Language': locale } });

async function failureOf(response: Response): Promise<{ error: ApiError }> {
  let message: unknown = null;
  try {
    message = ((await response.json()) as { message?: unknown } | null)?.message;
  } catch {
    // A proxy's 413 page, say: no envelope.
  }
  return {
    error: {
      status: response.status,
      messageKey: null,
      serverMessage: typeof message === 'string' && message.length > 0 ? message : null,
    },
  };
}

export interface NewChatMessage {
  body: string;
  /** Members mentioned, by user id. */
  mentions: readonly string[];
  attachments: readonly File[];
}

/** A message without files goes as JSON: the server then writes it without reading a form first. */
function messageBody(
  message: NewChatMessage,
  locale: Locale,
): { body: FormData | string; headers: Record<string, string> } {
  const language = languageHeader(locale).headers;
  if (message.attachments.length === 0) {
    return {
      body: JSON.stringify({ body: message.body, mentions: message.mentions }),
      headers: { ...language, 'Content-Type': 'application/json' },
    };
  }
  const form = new FormData();
  // The server reads the text fields before it stores any file: they go first.
  form.append('body', message.body);
  form.append('mentions', JSON.stringify(message.mentions));
  for (const file of message.attachments) form.append('files', file, file.name);
  return { body: form, headers: language };
}

/**
 * POST .../messages (JSON, or with files multipart: `body`, `mentions` as a JSON array, then the
 * files); the answer (the message as stored) goes into the room's messages and the room list
 * without a refetch.
 */
export function sendChatMessage(
  key: RequestKey,
  message: NewChatMessage,
  locale: Locale,
): Thunk<ChatBinaryResult<ChatMessage>> {
  return async (dispatch, _getState, extra) => {
    const { body, headers } = messageBody(message, locale);
    const request = apiRequest(chatEndpoints.sendChatMessage, { params: key });
    const sent = await send(extra, request, body, { headers });
    if ('error' in sent) return sent;
    if (!sent.response.ok) return failureOf(sent.response);
    let item: ChatMessage | undefined;
    try {
      item = ((await sent.response.json()) as { item?: ChatMessage }).item;
    } catch {
      item = undefined;
    }
    if (!item) return { error: { status: 'PARSE_ERROR', messageKey: null, serverMessage: null } };
    dispatch(applyChatMessage(key, item));
    dispatch(applyOwnMessageToList(key, item));
    return { data: item };
  };
}

/** A downloaded file and the name the server gave it (Content-Disposition), if any. */
export interface ChatDownload {
  blob: Blob;
  filename: string | null;
}

function filenameOf(disposition: string | null): string | null {
  if (!disposition) return null;
  const encoded = /filename\*=UTF-8''([^;]+)/i.exec(disposition)?.[1];
  if (encoded) {
    try {
      return decodeURIComponent(encoded.trim());
    } catch {
      // Fall through to the plain form.
    }
  }
  return /filename="?([^";]+)"?/i.exec(disposition)?.[1] ?? null;
}

/** GET of an attachment or the transcript with the bearer token. */
export function fetchChatFile(path: string, locale: Locale): Thunk<ChatBinaryResult<ChatDownload>> {
  return async (_dispatch, _getState, extra) => {
    const sent = await send(extra, { url: path, method: 'GET' }, undefined, languageHeader(locale));
    if ('error' in sent) return sent;
    if (!sent.response.ok) return failureOf(sent.response);
    return {
      data: {
        blob: await sent.response.blob(),
        filename: filenameOf(sent.response.headers.get('Content-Disposition')),
      },
    };
  };
}

/** The paths `fetchChatFile` takes, below the signed-in user's namespace. */
export const chatFilePaths = {
  attachment: (key: RequestKey, messageId: string, fileId: string) =>
    apiRequest(chatEndpoints.downloadChatAttachment, { params: { ...key, messageId, fileId } }).url,
  transcript: (key: RequestKey) => apiRequest(chatEndpoints.exportChatTranscript, { params: key }).url,
};
