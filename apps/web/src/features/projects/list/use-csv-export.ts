import { todayInJapan } from '@ipportal/domain';
import { streamProjectsCsv } from '@ipportal/api-client';
import type { ApiError, CsvProgress } from '@ipportal/api-client';
import type { ProjectCsvQuery } from '@ipportal/domain';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppDispatch } from '../../../app/hooks';
import { saveFile } from '../../../shared/save-file';

export type CsvExportState =
  | { kind: 'idle' }
  | { kind: 'running'; progress: CsvProgress }
  | { kind: 'failed'; error: ApiError }
  | { kind: 'cancelled' };

/**
 * CSV of the whole list view, written by the server as a stream (GET /projects/csv): the page
 * shows rows and bytes as they arrive against the expected count, can cancel, and saves the
 * file at the end. Leaving the page cancels a download in progress.
 */
export function useCsvExport(query: ProjectCsvQuery): {
  state: CsvExportState;
  start: () => void;
  cancel: () => void;
} {
  const { i18n } = useTranslation();
  const dispatch = useAppDispatch();
  const [state, setState] = useState<CsvExportState>({ kind: 'idle' });
  const controller = useRef<AbortController | null>(null);
  useEffect(() => () => controller.current?.abort(), []);

  const start = useCallback(() => {
    if (controller.current) return;
    const abort = new AbortController();
    controller.current = abort;
    setState({ kind: 'running', progress: { rows: 0, bytes: 0, expectedRows: null } });
    const tab = query.tab ?? 'all';
    void dispatch(
      streamProjectsCsv(query, {
        locale: i18n.language,
        signal: abort.signal,
        onProgress: (progress) => setState({ kind: 'running', progress }),
      }),
    ).then(
      (result) => {
        if (abort.signal.aborted) return;
        controller.current = null;
        if ('error' in result) {
          setState({ kind: 'failed', error: result.error });
          return;
        }
        const stamp = todayInJapan().replace(/-/g, '');
        saveFile(`matters-${tab}-${stamp}.csv`, result.data);
        setState({ kind: 'idle' });
      },
      () => {
        // Only an abort rejects: the user cancelled (the state says so already) or left the page.
      },
    );
  }, [dispatch, i18n.language, query]);

  const cancel = useCallback(() => {
    controller.current?.abort();
    controller.current = null;
    setState({ kind: 'cancelled' });
  }, []);
  return { state, start, cancel };
}
