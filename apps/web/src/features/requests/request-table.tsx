import type { RequestListItem, RequestSortField, RequestSummary } from '@ipportal/domain';
import { Badge, StatusChip, Table } from '@ipportal/ui';
import type { TableColumn, TableSort } from '@ipportal/ui';
import type { ReactNode } from 'react';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import styled from 'styled-components';
import { focusRing } from '../../shared/focus-ring';
import { officeName, requestStatusTone, useRequestFormats } from './request-format';

// A request with unread mail reads bold, its count beside the name.
const NameLink = styled(Link)<{ $unread: boolean }>`
  color: ${({ theme }) => theme.colors.primary};
  font-weight: ${({ theme, $unread }) =>
    $unread ? theme.typography.fontWeight.bold : theme.typography.fontWeight.medium};
  text-decoration: none;
  overflow-wrap: anywhere;
  border-radius: ${({ theme }) => theme.radii.sm}px;
  &:hover {
    text-decoration: underline;
  }
  ${focusRing}
`;

// The table lays out automatically: these keep the text columns readable on narrow screens
// (the table scrolls sideways instead of breaking words letter by letter).
const Wide = styled.span<{ $min: number }>`
  display: block;
  min-width: ${({ $min }) => $min}rem;
`;

const NameLine = styled.span`
  display: inline-flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${({ theme }) => theme.space.xs}px;
`;

const Sub = styled.span`
  display: block;
  margin-top: ${({ theme }) => theme.space.xxs}px;
  font-size: ${({ theme }) => theme.typography.fontSize.xs};
  color: ${({ theme }) => theme.colors.textMuted};
  overflow-wrap: anywhere;
`;

const Chips = styled.span`
  display: inline-flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space.xxs}px;
`;

// Clicks on buttons inside a row (the office's actions) must not open the request. The buttons
// stack, and a long label wraps, when the column is narrow (a 1366 px laptop), so that the table
// needs no sideways scroll to reach them.
const ActionCell = styled.span`
  display: inline-flex;
  flex-wrap: wrap;
  & > button {
    white-space: normal;
  }
  gap: ${({ theme }) => theme.space.xs}px;
`;

// The ui Table's hidden caption is absolutely positioned while its scroll box is not a containing
// block, so on a table wider than the page the caption escaped the scroll box and widened the
// whole document. This box contains and clips it.
const Contain = styled.div`
  position: relative;
  overflow: hidden;
`;

export interface RequestTableProps {
  /** The list rows, each with the mails waiting unread on the caller's side. */
  rows: readonly RequestListItem[];
  caption: ReactNode;
  /** The request's page (its mails). */
  hrefOf: (row: RequestSummary) => string;
  /** Server-side sort: the table only reports the wish. */
  sort?: { field: RequestSortField; order: 'asc' | 'desc' } | null;
  onSortChange?: (sort: { field: RequestSortField; order: 'asc' | 'desc' } | null) => void;
  /** Show the matter column (the request list; not the matter's own tab). */
  showProject?: boolean;
  /**
   * Whose list it is. The client side reads the office each request went to and its own
   * assignee; the office reads who sent it (the client company and its contact person).
   */
  side?: 'client' | 'office';
  /** The office's buttons for a row. */
  actions?: (row: RequestSummary) => ReactNode;
  emptyText?: ReactNode;
}

type ColumnKey = RequestSortField | 'project' | 'assignee' | 'actions';

/**
 * Requests as a table: No., name, type, status, assignee, region, office (for the office: the
 * client instead of assignee and office), registered, legal and user deadline, concierge. A row (or its name) leads to the request's mails; a request with
 * unread mail shows its name bold with the count beside it. Used by the request list and the
 * matter's request tab (`project-requests.tsx`).
 */
export function RequestTable({
  rows,
  caption,
  hrefOf,
  sort,
  onSortChange,
  showProject = false,
  side = 'client',
  actions,
  emptyText,
}: RequestTableProps) {
  const { t } = useTranslation();
  const formats = useRequestFormats();
  const navigate = useNavigate();
  const none = t('requests.common.none');

  const columns = useMemo(() => {
    const all: (TableColumn<RequestListItem> & { key: ColumnKey; show?: boolean })[] = [
      {
        key: 'requestId',
        header: t('requests.column.number'),
        // The No. is per matter: across matters it reads with the matter's reference.
        cell: (r) =>
          showProject
            ? t('requests.list.numberInMatter', { reference: r.project.refrenceCode, n: r.requestId })
            : r.requestId,
        nowrap: true,
        ...(showProject ? {} : { align: 'end' as const, width: 64 }),
      },
      {
        key: 'name',
        header: t('requests.column.name'),
        width: 240,
        cell: (r) => (
          <Wide $min={12}>
            <NameLine>
              <NameLink
                to={hrefOf(r)}
                $unread={r.unreadMailCount > 0}
                onClick={(event) => event.stopPropagation()}
              >
                {r.name}
              </NameLink>
              {r.unreadMailCount > 0 && (
                <Badge
                  count={r.unreadMailCount}
                  tone="primary"
                  label={t('requests.list.unread', { count: r.unreadMailCount })}
                />
              )}
            </NameLine>
            {r.declineReason && <Sub>{t('requests.list.declinedReason', { reason: r.declineReason })}</Sub>}
          </Wide>
        ),
      },
      {
        key: 'project',
        show: showProject,
        header: t('requests.column.project'),
        width: 200,
        // The reference is in the No. column beside it.
        cell: (r) => (
          <Wide $min={10}>
            {r.project.title}
            {r.project.deleted && <Sub>{t('requests.list.deletedMatter')}</Sub>}
          </Wide>
        ),
      },
      {
        key: 'client',
        show: side === 'office',
        header: t('requests.column.client'),
        cell: (r) => (
          <Wide $min={9}>
            {r.client.name}
            {r.client.contact && (
              <Sub>{t('requests.list.contact', { name: r.client.contact.name || none })}</Sub>
            )}
          </Wide>
        ),
      },
      {
        key: 'type',
        header: t('requests.column.type'),
        nowrap: true,
        cell: (r) => t(`code.requestType.${r.type}`),
      },
      {
        key: 'status',
        header: t('requests.column.status'),
        nowrap: true,
        cell: (r) => (
          <Chips>
            <StatusChip tone={requestStatusTone(r.status, false)}>
              {t(`code.requestStatus.${r.status}`)}
            </StatusChip>
            {r.declinedAt && <StatusChip tone="danger">{t('requests.list.declined')}</StatusChip>}
          </Chips>
        ),
      },
      {
        key: 'actions',
        show: actions !== undefined,
        header: t('requests.column.actions'),
        cell: (r) => <ActionCell onClick={(event) => event.stopPropagation()}>{actions?.(r)}</ActionCell>,
      },
      {
        key: 'assignee',
        show: side === 'client',
        header: t('requests.column.assignee'),
        cell: (r) => r.assignee?.name || none,
        nowrap: true,
      },
      { key: 'regionCode', header: t('requests.column.region'), cell: (r) => t(`region.${r.regionCode}`) },
      {
        key: 'target',
        show: side === 'client',
        header: t('requests.column.target'),
        cell: (r) => (
          <Wide $min={9}>
            {officeName(r.target, formats.locale)}
            <Sub>{t(`code.officeType.${r.officeType}`)}</Sub>
          </Wide>
        ),
      },
      {
        key: 'registDate',
        header: t('requests.column.registDate'),
        nowrap: true,
        cell: (r) => formats.instantDay(r.registDate),
      },
      {
        key: 'decisionPeriod',
        header: t('requests.column.decisionPeriod'),
        nowrap: true,
        cell: (r) => formats.day(r.decisionPeriod) || none,
      },
      {
        key: 'userPeriod',
        header: t('requests.column.userPeriod'),
        nowrap: true,
        cell: (r) => formats.day(r.userPeriod) || none,
      },
      {
        key: 'concierge',
        header: t('requests.column.concierge'),
        nowrap: true,
        cell: (r) => t(`code.concierge.${r.concierge}`),
      },
    ];
    const sortable = new Set<ColumnKey>(
      onSortChange
        ? [
            'requestId',
            'name',
            'type',
            'status',
            'regionCode',
            'target',
            'client',
            'registDate',
            'decisionPeriod',
            'userPeriod',
            'concierge',
          ]
        : [],
    );
    return all
      .filter((column) => column.show !== false)
      .map(({ show: _show, ...column }) => ({ ...column, sortable: sortable.has(column.key) }));
  }, [t, formats, hrefOf, showProject, side, actions, none, onSortChange]);

  const tableSort: TableSort | null = sort ? { key: sort.field, direction: sort.order } : null;

  return (
    <Contain>
      <Table
        columns={columns}
        rows={rows}
        getRowKey={(r) => r.id}
        caption={caption}
        captionHidden
        manualSorting
        sort={tableSort}
        onSortChange={(next) =>
          onSortChange?.(next ? { field: next.key as RequestSortField, order: next.direction } : null)
        }
        onRowClick={(r) => void navigate(hrefOf(r))}
        emptyText={emptyText}
      />
    </Contain>
  );
}
