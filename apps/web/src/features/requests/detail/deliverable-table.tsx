import { requestBinaryPaths } from '@ipportal/api-client';
import type { DetailBinaryResult } from '@ipportal/api-client';
import type { Deliverable } from '@ipportal/domain';
import { Button, StatusChip, Table, useToast } from '@ipportal/ui';
import type { TableColumn } from '@ipportal/ui';
import type { ReactNode } from 'react';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import { useLocale } from '../../../i18n/use-locale';
import { useDetailFormats } from './detail-format';
import { saveFile } from '../../../shared/save-file';
import { officeName } from '../request-format';

const Title = styled.span`
  display: inline-flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${({ theme }) => theme.space.xs}px;
  font-weight: ${({ theme }) => theme.typography.fontWeight.medium};
  overflow-wrap: anywhere;
`;

const Sub = styled.span`
  display: block;
  font-size: ${({ theme }) => theme.typography.fontSize.xs};
  color: ${({ theme }) => theme.colors.textMuted};
  overflow-wrap: anywhere;
`;

export interface DeliverableTableProps {
  rows: readonly Deliverable[];
  caption: ReactNode;
  /** The /deliverables page shows which matter, request and office each belongs to. */
  showContext?: boolean;
  /** The request's name as a link (the caller knows where a request is shown). */
  renderRequestLink?: (row: Deliverable, label: string) => ReactNode;
  emptyText?: ReactNode;
  /** GET of stored bytes with the session (the app's `fetchRequestBlob` thunk, dispatched). */
  fetchBlob: (path: string) => Promise<DetailBinaryResult<Blob>>;
}

/**
 * Deliverables as a table: file and version (the newest of a title marked), uploader, date, size
 * and a download. Shared by a request's deliverables page and /deliverables.
 */
export function DeliverableTable({
  rows,
  caption,
  showContext = false,
  renderRequestLink,
  emptyText,
  fetchBlob,
}: DeliverableTableProps) {
  const { t } = useTranslation();
  const [locale] = useLocale();
  const formats = useDetailFormats();
  const toast = useToast();

  const latest = useMemo(() => {
    const newest = new Map<string, number>();
    for (const row of rows) {
      const key = `${row.projectId}/${row.requestNumber}/${row.title}`;
      newest.set(key, Math.max(newest.get(key) ?? 0, row.version));
    }
    return newest;
  }, [rows]);

  const columns = useMemo(() => {
    const download = async (row: Deliverable) => {
      const key = { projectId: row.projectId, requestId: row.requestNumber };
      const result = await fetchBlob(requestBinaryPaths.deliverable(key, row.id));
      if ('error' in result) {
        toast.error(t('requestDetail.common.downloadFailed'), {
          detail: result.error.serverMessage ?? undefined,
        });
        return;
      }
      saveFile(row.title, result.data);
    };
    const list: TableColumn<Deliverable>[] = [
      {
        key: 'title',
        header: t('deliverables.list.title'),
        width: 220,
        cell: (row) => (
          <Title>
            {row.title}
            {latest.get(`${row.projectId}/${row.requestNumber}/${row.title}`) === row.version &&
              row.version > 1 && <StatusChip tone="success">{t('deliverables.list.latest')}</StatusChip>}
          </Title>
        ),
      },
      {
        key: 'version',
        header: t('deliverables.list.version'),
        nowrap: true,
        cell: (row) => t('deliverables.list.versionValue', { n: row.version }),
      },
    ];
    if (showContext) {
      list.push(
        {
          key: 'request',
          header: t('deliverables.list.request'),
          cell: (row) => (
            <>
              {renderRequestLink ? renderRequestLink(row, row.requestName) : row.requestName}
              <Sub>
                {t('deliverables.list.matter')}: {row.projectRefrenceCode} {row.projectTitle}
              </Sub>
            </>
          ),
        },
        { key: 'office', header: t('deliverables.list.office'), cell: (row) => officeName(row.firm, locale) },
      );
    }
    list.push(
      { key: 'uploader', header: t('deliverables.list.uploader'), cell: (row) => row.uploadedBy?.name ?? '' },
      {
        key: 'date',
        header: t('deliverables.list.date'),
        nowrap: true,
        cell: (row) => <time dateTime={row.createDate}>{formats.dateTime(row.createDate)}</time>,
      },
      {
        key: 'size',
        header: t('deliverables.list.size'),
        align: 'end',
        nowrap: true,
        cell: (row) => formats.bytes(row.sizeBytes),
      },
      {
        key: 'actions',
        header: t('deliverables.list.actions'),
        cell: (row) => (
          <Button
            size="sm"
            variant="secondary"
            aria-label={t('requestDetail.common.downloadNamed', {
              name: `${row.title} (${t('deliverables.list.versionValue', { n: row.version })})`,
            })}
            onClick={() => void download(row)}
          >
            {t('requestDetail.common.download')}
          </Button>
        ),
      },
    );
    return list;
  }, [t, latest, showContext, renderRequestLink, locale, formats, fetchBlob, toast]);

  return (
    <Table
      columns={columns}
      rows={rows}
      getRowKey={(row) => row.id}
      caption={caption}
      captionHidden
      emptyText={emptyText}
    />
  );
}
