import { useListCounterpartiesQuery } from '@ipportal/api-client';
import { Button, Select, TextField } from '@ipportal/ui';
import { useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
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
  const [draft, setDraft] = useState(value);
  const counterparties = useListCounterpartiesQuery();
  const set = (field: keyof BillingSearch, next: string) =>
    setDraft((current) => ({ ...current, [field]: next }));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onApply(draft);
  };
  return (
    <Filters role="search" aria-label={t('billingOffice.list.search')} onSubmit={submit}>
      {extra}
      <TextField
        type="date"
        label={dateLabel.from}
        value={draft.from}
        onChange={(e) => set('from', e.target.value)}
      />
      <TextField
        type="date"
        label={dateLabel.to}
        value={draft.to}
        onChange={(e) => set('to', e.target.value)}
      />
      <TextField
        inputMode="numeric"
        label={t('billingOffice.list.minAmount')}
        value={draft.minAmount}
        onChange={(e) => set('minAmount', e.target.value)}
      />
      <TextField
        inputMode="numeric"
        label={t('billingOffice.list.maxAmount')}
        value={draft.maxAmount}
        onChange={(e) => set('maxAmount', e.target.value)}
      />
      <Select
        label={t('billingOffice.list.counterparty')}
        placeholder={t('billingOffice.list.allClients')}
        value={draft.counterpartyId}
        options={(counterparties.data ?? []).map((c) => ({ value: c.id, label: c.name }))}
        onChange={(e) => set('counterpartyId', e.target.value)}
      />
      <TextField
        label={t('billingOffice.list.q')}
        value={draft.q}
        onChange={(e) => set('q', e.target.value)}
      />
      <Button type="submit" variant="secondary">
        {t('billingOffice.list.searchButton')}
      </Button>
    </Filters>
  );
}
