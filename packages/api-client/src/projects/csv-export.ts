import { ApiErrorMessage, projectCsvRowCountHeader, projectEndpoints } from '@ipportal/domain';
import type { ProjectCsvQuery } from '@ipportal/domain';
import type { ThunkAction, UnknownAction } from '@reduxjs/toolkit';
import { apiRequest } from '../endpoint-request.js';
import { envelopeOf, send, type BinaryResult } from '../binary-call.js';

/** How far a CSV download has come. `expectedRows` is null until the server has said. */
export interface CsvProgress {
  rows: number;
  bytes: number;
  expectedRows: number | null;
}

export interface StreamProjectsCsvOptions {
  /** The language of the header and the code labels (sent as Accept-Language). */
  locale: string;
  /** Aborting it cancels the download (the thunk then rejects with the abort). */
  signal?: AbortSignal;
  /** Called as bytes arrive (each chunk), and once at the end. */
  onProgress?: (progress: CsvProgress) => void;
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any state and extra, as binary.ts
type Thunk<R> = ThunkAction<Promise<R>, any, any, UnknownAction>;

const lineFeed = 0x0a;

/**
 * Downloads the CSV of a whole list view (GET /projects/csv) as the server streams it, reporting
 * rows and bytes as they arrive, and answers the file as a Blob. Rows are counted by line ends
 * (the header's is left out); the server's fields never hold one (titles and codes are single
 * lines), and the count is capped at the expected rows anyway.
 */
export function streamProjectsCsv(
  query: ProjectCsvQuery,
  { locale, signal, onProgress }: StreamProjectsCsvOptions,
): Thunk<BinaryResult<Blob>> {
  return async (_dispatch, _getState, extra) => {
    const request = apiRequest(projectEndpoints.exportProjectsCsv, {});
    const search = new URLSearchParams();
    for (const [name, value] of Object.entries(query)) {
      if (value !== undefined && value !== '') search.set(name, String(value));
    }
    const url = `${request.url}?${search.toString()}`;
    const init = { headers: { 'Accept-Language': locale }, ...(signal ? { signal } : {}) };
    const sent = await send(extra, { ...request, url }, undefined, init);
    if ('error' in sent)
      return { error: { ...sent.error, messageKey: ApiErrorMessage.projectCsvExportFailed } };
    const { response } = sent;
    if (!response.ok || !response.body) {
      const failed = await envelopeOf<Blob>(response);
      return 'error' in failed
        ? { error: { ...failed.error, messageKey: ApiErrorMessage.projectCsvExportFailed } }
        : failed;
    }
    const header = response.headers.get(projectCsvRowCountHeader);
    const expectedRows = header === null || !/^\d+$/.test(header) ? null : Number(header);
    const chunks: Uint8Array<ArrayBuffer>[] = [];
    let lines = 0;
    let bytes = 0;
    const progress = (): CsvProgress => {
      const rows = Math.max(0, lines - 1);
      return { rows: expectedRows === null ? rows : Math.min(rows, expectedRows), bytes, expectedRows };
    };
    const reader = response.body.getReader();
    // Not every fetch ends its body stream on abort: cancel the reader too.
    signal?.addEventListener('abort', () => void reader.cancel().catch(() => undefined), { once: true });
    try {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        chunks.push(value);
        bytes += value.byteLength;
        for (let i = value.indexOf(lineFeed); i !== -1; i = value.indexOf(lineFeed, i + 1)) lines += 1;
        onProgress?.(progress());
      }
    } catch (cause) {
      if (signal?.aborted) throw cause;
      return {
        error: {
          status: 'FETCH_ERROR',
          messageKey: ApiErrorMessage.projectCsvExportFailed,
          serverMessage: cause instanceof Error ? cause.message : String(cause),
        },
      };
    }
    if (signal?.aborted) throw signal.reason;
    onProgress?.(progress());
    return { data: new Blob(chunks, { type: 'text/csv;charset=utf-8' }) };
  };
}
