import type { BillingTotals } from '@ipportal/domain';
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import { useBillingFormats } from './billing-format';

const Box = styled.section`
  display: grid;
  gap: ${({ theme }) => theme.space.sm}px;
  max-width: 32rem;
  margin-left: auto;
  & h3 {
    margin: 0;
    font-size: ${({ theme }) => theme.typography.fontSize.md};
  }
  & p {
    margin: 0;
    color: ${({ theme }) => theme.colors.textMuted};
    font-size: ${({ theme }) => theme.typography.fontSize.sm};
  }
`;

const Rows = styled.dl`
  margin: 0;
  display: grid;
  grid-template-columns: 1fr auto;
  gap: ${({ theme }) => theme.space.xs}px ${({ theme }) => theme.space.lg}px;
  font-variant-numeric: tabular-nums;
  & dd {
    margin: 0;
    text-align: right;
  }
  & .strong {
    font-weight: ${({ theme }) => theme.typography.fontWeight.bold};
  }
`;

export interface TotalsTableProps {
  totals: BillingTotals;
  /** A preview in the editor (labelled so), or the server's stored figures. */
  preview?: boolean;
  /** Lines left out of a preview (incomplete or invalid). */
  skipped?: number;
}

/** Subtotal and tax per tax rate, the total, withholding and the amount to transfer. */
export function TotalsTable({ totals, preview = false, skipped = 0 }: TotalsTableProps) {
  const { t } = useTranslation();
  const formats = useBillingFormats();
  const heading = preview ? t('billingOffice.totals.previewHeading') : t('billingOffice.totals.heading');
  return (
    <Box aria-label={heading}>
      <h3>{heading}</h3>
      {preview && <p>{t('billingOffice.totals.previewNote')}</p>}
      {preview && skipped > 0 && <p>{t('billingOffice.totals.skipped', { count: skipped })}</p>}
      <Rows>
        {totals.byTaxClass.map((entry) => (
          <div key={entry.taxClass} style={{ display: 'contents' }}>
            <dt>
              {t('billingOffice.totals.classSubtotal', { label: t(`code.taxClass.${entry.taxClass}`) })}
            </dt>
            <dd>{formats.yen(entry.subtotal)}</dd>
            {entry.rate > 0 && (
              <>
                <dt>{t('billingOffice.totals.classTax', { rate: entry.rate })}</dt>
                <dd>{formats.yen(entry.tax)}</dd>
              </>
            )}
          </div>
        ))}
        <dt>{t('billingOffice.totals.subtotal')}</dt>
        <dd>{formats.yen(totals.subtotal)}</dd>
        <dt>{t('billingOffice.totals.tax')}</dt>
        <dd>{formats.yen(totals.tax)}</dd>
        <dt className="strong">{t('billingOffice.totals.total')}</dt>
        <dd className="strong">{formats.yen(totals.total)}</dd>
        {totals.withholding > 0 && (
          <>
            <dt>{t('billingOffice.totals.withholding', { base: formats.yen(totals.withholdingBase) })}</dt>
            <dd>−{formats.yen(totals.withholding)}</dd>
            <dt className="strong">{t('billingOffice.totals.amountToTransfer')}</dt>
            <dd className="strong">{formats.yen(totals.amountToTransfer)}</dd>
          </>
        )}
      </Rows>
    </Box>
  );
}
