import type { ProjectTab } from '@ipportal/domain';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { downloadText, toCsv } from '../../../shared/csv';
import type { ColumnSpec } from './columns';
import type { ListRow } from './group-by-family';

export interface CsvExportInput {
  tab: ProjectTab;
  grouped: boolean;
  specs: readonly ColumnSpec[];
  rows: readonly ListRow[];
  /** Whether the list still has pages to load: the export then waits for them. */
  loading: boolean;
  /** Whether the list has its current data (the view's own rows, not the previous view's). */
  current: boolean;
}

/**
 * CSV of the current view: every row of the list, the family first when grouped. Asked while
 * pages are still loading, it waits for the last one (`pending`), then downloads.
 */
export function useCsvExport({ tab, grouped, specs, rows, loading, current }: CsvExportInput): {
  pending: boolean;
  requestExport: () => void;
} {
  const { t } = useTranslation();
  const [pending, setPending] = useState(false);
  const exportCsv = useCallback(() => {
    const header = [
      ...(grouped ? [t('projects.column.family')] : []),
      ...specs.map((spec) => t(`projects.column.${spec.key}`)),
    ];
    const body = rows.map(({ project }) => [
      ...(grouped ? [project.family ?? ''] : []),
      ...specs.map((spec) => (spec.csv ? spec.csv(project) : spec.text(project))),
    ]);
    const stamp = new Date().toISOString().slice(0, 10).replace(/-/g, '');
    downloadText(`matters-${tab}-${stamp}.csv`, toCsv([header, ...body]));
  }, [grouped, specs, rows, t, tab]);
  useEffect(() => {
    if (pending && current && !loading) {
      // The export waited for the last page to arrive (an outside event): end the wait, then export.
      // eslint-disable-next-line react-hooks/set-state-in-effect
      setPending(false);
      exportCsv();
    }
  }, [pending, current, loading, exportCsv]);
  const requestExport = () => (loading ? setPending(true) : exportCsv());
  return { pending, requestExport };
}
