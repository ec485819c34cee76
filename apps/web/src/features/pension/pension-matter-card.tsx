import { useUpdatePensionSettingsMutation } from '@ipportal/api-client';
import { feeReductions, regionName, type FeeReduction, type PensionMatter } from '@ipportal/domain';
import { Button, Card, Select, useToast } from '@ipportal/ui';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import { PensionEntriesTable, useYearsLabel } from './pension-entries-table';
import { usePensionFormats } from './pension-format';
import { PensionLapseNotice } from './pension-lapse-notice';
import { RecordPaymentDialog, nextOpenEntry } from './record-payment-dialog';

const Facts = styled.p`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space.xs}px ${({ theme }) => theme.space.md}px;
  margin: 0 0 ${({ theme }) => theme.space.sm}px;
  color: ${({ theme }) => theme.colors.textMuted};
`;

const Toolbar = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: flex-end;
  gap: ${({ theme }) => theme.space.md}px;
  margin-bottom: ${({ theme }) => theme.space.md}px;
  & > div {
    min-width: 260px;
  }
`;

const Payments = styled.ul`
  margin: ${({ theme }) => theme.space.sm}px 0 0;
  padding-left: ${({ theme }) => theme.space.lg}px;
  font-size: ${({ theme }) => theme.typography.fontSize.sm};
`;

/** Reductions that exist at the matter's office. */
const reductionsOf = (regionCode: number): readonly FeeReduction[] =>
  feeReductions.filter((r) =>
    regionCode === 2 ? r.startsWith('us') : regionCode === 1 ? r.startsWith('jp') : false,
  );

/** One right: its facts, the fee reduction, its forecast, the schedule and the payments recorded. */
export function PensionMatterCard({ matter, today }: { matter: PensionMatter; today: string }) {
  const { t } = useTranslation();
  const formats = usePensionFormats();
  const toast = useToast();
  const yearsLabel = useYearsLabel();
  const [recording, setRecording] = useState(false);
  const [updateSettings, { isLoading }] = useUpdatePensionSettingsMutation();
  const reductions = reductionsOf(matter.regionCode);
  const horizon = (years: number) => {
    const totals = matter.forecast.find((f) => f.years === years)?.totals ?? [];
    return totals.length
      ? totals.map((x) => formats.money(x.amount, x.currency)).join(' + ')
      : t('pension.summary.none');
  };

  const changeReduction = async (value: string) => {
    const result = await updateSettings({
      projectId: matter.projectId,
      body: { feeReduction: value === '' ? null : (value as FeeReduction) },
    });
    if ('error' in result) toast.error(t('apiError.pensionUpdateFailed'));
    else toast.info(t('pension.reductionSaved'));
  };

  return (
    <Card
      title={`${matter.refrenceCode} ${matter.title}`}
      headingLevel={2}
      actions={
        nextOpenEntry(matter) && (
          <Button size="sm" onClick={() => setRecording(true)}>
            {t('pension.matter.recordPayment')}
          </Button>
        )
      }
    >
      <Facts>
        <span>{t(`code.caseType.${matter.type}`)}</span>
        <span>{regionName(matter.regionCode, formats.locale)}</span>
        {matter.registDate && (
          <span>{t('pension.matter.registered', { date: formats.date(matter.registDate) })}</span>
        )}
        {matter.claims !== null && <span>{t('pension.matter.claims', { count: matter.claims })}</span>}
        {matter.classes !== null && <span>{t('pension.matter.classes', { count: matter.classes })}</span>}
        {matter.paidThroughYear > 0 && (
          <span>{t('pension.matter.paidThrough', { year: matter.paidThroughYear })}</span>
        )}
        <span>{t('pension.matter.forecast', { one: horizon(1), five: horizon(5), ten: horizon(10) })}</span>
      </Facts>
      {matter.lapse && <PensionLapseNotice lapse={matter.lapse} />}
      {reductions.length > 0 && (
        <Toolbar>
          <Select
            label={t('pension.matter.reduction')}
            placeholder={t('pension.matter.reductionNone')}
            value={matter.feeReduction ?? ''}
            disabled={isLoading}
            onChange={(e) => void changeReduction(e.target.value)}
            options={reductions.map((r) => ({ value: r, label: t(`pension.reduction.${r}`) }))}
          />
        </Toolbar>
      )}
      <PensionEntriesTable matter={matter} />
      {matter.payments.length > 0 && (
        <>
          <h3>{t('pension.payment.history')}</h3>
          <Payments>
            {matter.payments.map((p) => (
              <li key={p.id}>
                {t('pension.payment.historyLine', {
                  date: formats.date(p.paidOn),
                  years: yearsLabel({ year: p.yearFrom, throughYear: p.yearTo }),
                  amount: formats.money(p.amount, p.currency),
                  receipt: p.receiptNumber ?? '',
                })}
              </li>
            ))}
          </Payments>
        </>
      )}
      {recording && <RecordPaymentDialog matter={matter} today={today} onClose={() => setRecording(false)} />}
    </Card>
  );
}
