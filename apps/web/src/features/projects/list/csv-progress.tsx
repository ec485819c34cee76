import { apiErrorText } from '@ipportal/api-client';
import { Button } from '@ipportal/ui';
import { useTranslation } from 'react-i18next';
import { FormAlert } from '../../../shared/forms/form-alert';
import { useFormats } from '../format';
import { CsvStatus } from './project-list.styles';
import type { CsvExportState } from './use-csv-export';

/** Where a CSV download stands: rows and size so far against the expected rows, and Cancel. */
export function CsvProgressView({ state, onCancel }: { state: CsvExportState; onCancel: () => void }) {
  const { t, i18n } = useTranslation();
  const formats = useFormats();
  if (state.kind === 'failed') return <FormAlert>{apiErrorText(state.error, t)}</FormAlert>;
  if (state.kind === 'cancelled')
    return (
      <CsvStatus role="status">
        <span>{t('projects.list.csvCancelled')}</span>
      </CsvStatus>
    );
  if (state.kind !== 'running') return null;
  const { rows, bytes, expectedRows } = state.progress;
  const size = new Intl.NumberFormat(i18n.language, {
    style: 'unit',
    unit: 'megabyte',
    maximumFractionDigits: 1,
  }).format(bytes / 1_000_000);
  const text =
    expectedRows === null
      ? t('projects.list.csvProgressUnknown', { rows: formats.number(rows), size })
      : t('projects.list.csvProgress', {
          rows: formats.number(rows),
          total: formats.number(expectedRows),
          size,
        });
  return (
    <CsvStatus role="status" aria-live="polite">
      <progress
        aria-label={t('projects.list.csvProgressLabel')}
        max={expectedRows ?? undefined}
        value={expectedRows === null ? undefined : rows}
      />
      <span>{text}</span>
      <Button variant="tertiary" size="sm" onClick={onCancel}>
        {t('projects.list.csvCancel')}
      </Button>
    </CsvStatus>
  );
}
