import { useListInvoicesQuery } from '@ipportal/api-client';
import type { InvoiceSummary } from '@ipportal/domain';
import { Checkbox, LoadingText, TextField } from '@ipportal/ui';
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import { useBillingFormats } from './billing-format';

const Rows = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
  display: grid;
  gap: ${({ theme }) => theme.space.sm}px;
  & li {
    display: grid;
    grid-template-columns: minmax(0, 1fr) 10rem;
    gap: ${({ theme }) => theme.space.md}px;
    align-items: center;
  }
`;

const Sum = styled.p`
  margin: ${({ theme }) => theme.space.md}px 0 0;
  font-variant-numeric: tabular-nums;
`;

/** Amounts allocated per invoice id (text as typed); an invoice without an entry is not allocated. */
export type Allocations = Record<string, string>;

export function allocationsBody(allocations: Allocations) {
  return Object.entries(allocations)
    .filter(([, amount]) => amount.trim() !== '')
    .map(([invoiceId, amount]) => ({ invoiceId, amount: Number(amount) }));
}

export function allocatedSum(allocations: Allocations): number {
  return allocationsBody(allocations).reduce((sum, a) => sum + (Number.isFinite(a.amount) ? a.amount : 0), 0);
}

/**
 * The client's unpaid invoices, each with the amount of the transfer that pays it: ticking one
 * proposes its balance (or what is left of the transfer), which can be lowered for a partial payment.
 */
export function AllocationEditor({
  clientId,
  amount,
  value,
  onChange,
  errors,
  /** Invoices already allocated to this transfer (their balance does not count it yet). */
  current = [],
}: {
  clientId: string;
  amount: number;
  value: Allocations;
  onChange: (next: Allocations) => void;
  errors?: Record<string, string>;
  current?: readonly { invoiceId: string; amount: number }[];
}) {
  const { t } = useTranslation();
  const formats = useBillingFormats();
  const { data, isLoading } = useListInvoicesQuery(
    { view: 'unpaid', counterpartyId: clientId, sort: 'dueDate', order: 'asc', limit: 200 },
    { skip: !clientId },
  );
  if (!clientId) return <p>{t('billingOffice.payments.chooseClientFirst')}</p>;
  if (isLoading) return <LoadingText>{t('billingOffice.common.loading')}</LoadingText>;
  const invoices: InvoiceSummary[] = data?.items ?? [];
  const sum = allocatedSum(value);
  const open = (invoice: InvoiceSummary) =>
    invoice.balance + (current.find((a) => a.invoiceId === invoice.id)?.amount ?? 0);
  const toggle = (invoice: InvoiceSummary, checked: boolean) => {
    const next = { ...value };
    if (checked) {
      const left = Math.max(amount - sum, 0);
      next[invoice.id] = String(Math.min(open(invoice), left || open(invoice)));
    } else delete next[invoice.id];
    onChange(next);
  };
  if (invoices.length === 0) return <p>{t('billingOffice.payments.noUnpaid')}</p>;
  return (
    <fieldset style={{ border: 0, padding: 0, margin: 0 }}>
      <legend>{t('billingOffice.payments.allocations')}</legend>
      <Rows>
        {invoices.map((invoice, index) => {
          const label = t('billingOffice.payments.invoiceOption', {
            number: invoice.number ?? '',
            subject: invoice.subject.refrenceCode,
            due: formats.date(invoice.dueDate),
            balance: formats.yen(open(invoice)),
          });
          return (
            <li key={invoice.id}>
              <Checkbox
                label={label}
                checked={invoice.id in value}
                onChange={(e) => toggle(invoice, e.target.checked)}
              />
              <TextField
                id={`allocation-${invoice.id}`}
                label={t('billingOffice.payments.allocationAmount', { number: invoice.number ?? '' })}
                inputMode="numeric"
                disabled={!(invoice.id in value)}
                value={value[invoice.id] ?? ''}
                onChange={(e) => onChange({ ...value, [invoice.id]: e.target.value })}
                error={errors?.[`allocations.${index}.amount`]}
              />
            </li>
          );
        })}
      </Rows>
      <Sum>
        {t('billingOffice.payments.allocatedSum', {
          allocated: formats.yen(sum),
          amount: formats.yen(amount),
          left: formats.yen(amount - sum),
        })}
      </Sum>
      {errors?.allocations && <p role="alert">{errors.allocations}</p>}
    </fieldset>
  );
}
