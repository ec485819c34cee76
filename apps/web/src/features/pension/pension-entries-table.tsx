import { useSetPensionDecisionMutation } from '@ipportal/api-client';
import type { PensionEntry, PensionMatter } from '@ipportal/domain';
import { Button, StatusChip, Table, useToast, type StatusTone, type TableColumn } from '@ipportal/ui';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import { LapseDecisionDialog } from './lapse-decision-dialog';
import { usePensionFormats } from './pension-format';

const Sub = styled.div`
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.typography.fontSize.sm};
  white-space: normal;
`;

const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space.xs}px;
  margin-top: ${({ theme }) => theme.space.xxs}px;
`;

const stateTone: Record<PensionEntry['state'], StatusTone> = {
  paid: 'success',
  lapse: 'neutral',
  open: 'info',
  late: 'warning',
  missed: 'danger',
  ended: 'neutral',
};

/** "Year 4", or "Years 11–20" for a payment covering several. */
export function useYearsLabel() {
  const { t } = useTranslation();
  return (entry: Pick<PensionEntry, 'year' | 'throughYear'>) =>
    entry.throughYear && entry.throughYear !== entry.year
      ? t('pension.yearsRange', { from: entry.year, to: entry.throughYear })
      : t('pension.years', { year: entry.year });
}

/** A matter's scheduled payments: due dates (moved and why), windows, official fees, state and decision. */
export function PensionEntriesTable({ matter }: { matter: PensionMatter }) {
  const { t } = useTranslation();
  const formats = usePensionFormats();
  const toast = useToast();
  const yearsLabel = useYearsLabel();
  const [decide, { isLoading }] = useSetPensionDecisionMutation();
  const [lapsing, setLapsing] = useState<PensionEntry | null>(null);

  const decidePay = async (entry: PensionEntry) => {
    const result = await decide({ projectId: matter.projectId, year: entry.year, body: { decision: 'pay' } });
    if ('error' in result) toast.error(t('apiError.pensionUpdateFailed'));
    else toast.info(t('pension.decisionSaved'));
  };

  /** A renewal of a validated European patent or Unitary Patent: other rows may pay the same year. */
  const sharesYear = (e: PensionEntry) =>
    e.ruleId.startsWith('ep.national.') || e.ruleId === 'ep.unitary.renewalFee';

  const columns: TableColumn<PensionEntry>[] = [
    { key: 'year', header: t('pension.column.year'), nowrap: true, cell: (e) => yearsLabel(e) },
    {
      key: 'name',
      header: t('pension.column.name'),
      cell: (e) => (
        <>
          {t(e.nameKey)}
          {!e.confirmed && <Sub>{t('pension.secondarySource')}</Sub>}
        </>
      ),
    },
    {
      key: 'due',
      header: t('pension.column.due'),
      cell: (e) => (
        <>
          <strong>{formats.date(e.dueDate)}</strong>
          {e.shift && (
            <Sub>
              {t('pension.plainDate', { date: formats.date(e.plainDate) })}{' '}
              {t(`pension.shift.${e.shift.reason}`, { name: e.shift.holiday?.[formats.locale] ?? '' })}
            </Sub>
          )}
        </>
      ),
    },
    { key: 'opens', header: t('pension.column.opens'), nowrap: true, cell: (e) => formats.date(e.opensOn) },
    {
      key: 'lateUntil',
      header: t('pension.column.lateUntil'),
      nowrap: true,
      cell: (e) => formats.date(e.lateUntil),
    },
    {
      key: 'fee',
      header: t('pension.column.fee'),
      align: 'end',
      cell: (e) =>
        e.fee ? (
          <>
            {formats.money(e.fee.amount, e.fee.currency)}
            {e.lateUntil && (
              <Sub>{t('pension.lateFee', { amount: formats.money(e.fee.lateAmount, e.fee.currency) })}</Sub>
            )}
            {e.split && (
              <Sub>
                {t('pension.split', {
                  lump: formats.money(e.split.lump10, e.split.currency),
                  half: formats.money(e.split.half5, e.split.currency),
                  difference: formats.money(e.split.difference, e.split.currency),
                })}
              </Sub>
            )}
          </>
        ) : (
          <Sub>{t(`pension.feeMissing.${e.feeMissing ?? 'noRow'}`)}</Sub>
        ),
    },
    {
      key: 'state',
      header: t('pension.column.state'),
      nowrap: true,
      // The payment the right lapsed for reads as the lapse (「消滅（追納期間経過）」).
      cell: (e) => (
        <StatusChip tone={stateTone[e.state]}>
          {matter.lapse?.key === e.key
            ? t(`deadline.fact.${matter.lapse.fact}`)
            : t(`pension.state.${e.state}`)}
        </StatusChip>
      ),
    },
    {
      key: 'decision',
      header: t('pension.column.decision'),
      // Nothing to decide on a year paid, or one the lapse made moot.
      cell: (e) =>
        e.state === 'paid' || e.state === 'ended' ? null : (
          <>
            {t(`pension.decision.${e.decision ?? 'none'}`)}
            {e.decisionReason && <Sub>{t('pension.decision.reason', { reason: e.decisionReason })}</Sub>}
            {sharesYear(e) ? (
              // /pension decides by year, and several states share this one: each is decided on /terms.
              <Sub>{t('pension.decision.perStateOnTerms')}</Sub>
            ) : (
              <Actions>
                {/* Undecided or done is already to pay: only a lapse is taken back (open and reminded of again). */}
                {e.decision === 'lapse' && (
                  <Button
                    size="sm"
                    variant="secondary"
                    disabled={isLoading}
                    onClick={() => void decidePay(e)}
                  >
                    {t('pension.decision.setPay')}
                  </Button>
                )}
                {e.decision !== 'lapse' && (
                  <Button size="sm" variant="tertiary" onClick={() => setLapsing(e)}>
                    {t('pension.decision.setLapse')}
                  </Button>
                )}
              </Actions>
            )}
          </>
        ),
    },
  ];

  // What the dates leave out (an office's closed days) is said once under the table, not on every year.
  const caveats = [...new Set(matter.entries.flatMap((e) => (e.caveatKey ? [e.caveatKey] : [])))];

  return (
    <>
      <Table
        caption={t('pension.matter.caption', { ref: matter.refrenceCode })}
        captionHidden
        columns={columns}
        rows={matter.entries}
        getRowKey={(e) => e.key}
      />
      {caveats.map((key) => (
        <Sub key={key}>
          {t('pension.note')}: {t(key)}
        </Sub>
      ))}
      {lapsing && (
        <LapseDecisionDialog
          projectId={matter.projectId}
          year={lapsing.year}
          yearsLabel={yearsLabel(lapsing)}
          onClose={() => setLapsing(null)}
        />
      )}
    </>
  );
}
