import { useListCounterpartiesQuery } from '@ipportal/api-client';
import { Button, Select, TextField } from '@ipportal/ui';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useForm } from '../../shared/forms/use-form';
import { Filters } from './panel';

/** The search over estimates or invoices (電子帳簿保存法: date, amount, counterparty) as the form holds it. */
export interface BillingSearch {
  from: string;
  to: string;
  minAmount: string;
  maxAmount: string;
  counterpartyId: string;
  q: string;
}

export const emptySearch: BillingSearch = {
  from: '',
  to: '',
  minAmount: '',
  maxAmount: '',
  counterpartyId: '',
  q: '',
};

/** The search as the list query takes it: empty fields left out. */
export function searchQuery(search: BillingSearch) {
  return {
    ...(search.from ? { from: search.from } : {}),
    ...(search.to ? { to: search.to } : {}),
    ...(search.minAmount.trim() && Number.isFinite(Number(search.minAmount))
      ? { minAmount: Number(search.minAmount) }
      : {}),
    ...(search.maxAmount.trim() && Number.isFinite(Number(search.maxAmount))
      ? { maxAmount: Number(search.maxAmount) }
      : {}),
    ...(search.counterpartyId ? { counterpartyId: search.counterpartyId } : {}),
    ...(search.q.trim() ? { q: search.q.trim() } : {}),
  };
}

/** Date range, amount range, client and free text; applied on Search. */
export function SearchFilters({
  value,
  onApply,
  dateLabel,
  extra,
}: {
  value: BillingSearch;
  onApply: (search: BillingSearch) => void;
  /** What the date range means here (the sending date, the issue date). */
  dateLabel: { from: string; to: string };
  /** More filters before the search button (a status). */
  extra?: ReactNode;
}) {
  const { t } = useTranslation();
  // A draft until Search applies it; the parent re-keys this when the address changes.
  const form = useForm<BillingSearch>({ defaultValues: value, ids: 'billing-search', onSubmit: onApply });
  const counterparties = useListCounterpartiesQuery();
  return (
    <Filters
      role="search"
      aria-label={t('billingOffice.list.search')}
      onSubmit={(event) => void form.handleSubmit(event)}
    >
      {extra}
      <TextField type="date" label={dateLabel.from} {...form.field('from')} />
      <TextField type="date" label={dateLabel.to} {...form.field('to')} />
      <TextField inputMode="numeric" label={t('billingOffice.list.minAmount')} {...form.field('minAmount')} />
      <TextField inputMode="numeric" label={t('billingOffice.list.maxAmount')} {...form.field('maxAmount')} />
      <Select
        label={t('billingOffice.list.counterparty')}
        placeholder={t('billingOffice.list.allClients')}
        {...form.field('counterpartyId')}
        options={(counterparties.data ?? []).map((c) => ({ value: c.id, label: c.name }))}
      />
      <TextField label={t('billingOffice.list.q')} {...form.field('q')} />
      <Button type="submit" variant="secondary">
        {t('billingOffice.list.searchButton')}
      </Button>
    </Filters>
  );
}
