import { useListInvoicesQuery } from '@ipportal/api-client';
import type { InvoiceSummary } from '@ipportal/domain';
import { Button, Card, EmptyState, LoadingText } from '@ipportal/ui';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import styled from 'styled-components';
import { pathTo } from '../../routes/paths';
import { domainMessages, useMessages } from '../../shared/lazy-messages';
import { billingDocumentTexts, useBillingFormats } from '../billing-documents';
import { CollectivePaymentDialog } from './collective-payment-dialog';
import { invoiceTexts } from './invoice-texts';

const Intro = styled.p`
  margin: 0 0 ${({ theme }) => theme.space.lg}px;
  color: ${({ theme }) => theme.colors.textMuted};
`;

const Grid = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space.lg}px;
  grid-template-columns: repeat(auto-fill, minmax(300px, 1fr));
`;

const Office = styled.section`
  display: grid;
  gap: ${({ theme }) => theme.space.sm}px;
  p {
    margin: 0;
  }
  /* The label names the office: a long name wraps inside the card instead of running out of it. */
  & > button {
    max-width: 100%;
    height: auto;
    white-space: normal;
    overflow-wrap: anywhere;
    text-align: center;
  }
`;

/**
 * /invoice/collective-payment: the unpaid invoices grouped by office, each group paid with one
 * transfer (the allocation is editable in the dialog); choosing single invoices is on the unpaid list.
 */
export function CollectivePaymentsPage() {
  useMessages(invoiceTexts, billingDocumentTexts, domainMessages);
  const { t } = useTranslation();
  const formats = useBillingFormats();
  const { data, isLoading } = useListInvoicesQuery({
    view: 'unpaid',
    sort: 'dueDate',
    order: 'asc',
    limit: 500,
  });
  const [paying, setPaying] = useState<InvoiceSummary[] | null>(null);
  const groups = useMemo(() => {
    const byOffice = new Map<string, InvoiceSummary[]>();
    for (const invoice of data?.items ?? []) {
      if (invoice.balance <= 0) continue;
      byOffice.set(invoice.firm.id, [...(byOffice.get(invoice.firm.id) ?? []), invoice]);
    }
    return [...byOffice.values()];
  }, [data]);
  if (isLoading) return <LoadingText block>{t('invoices.loading')}</LoadingText>;
  return (
    <>
      <Intro>{t('invoices.collective.intro')}</Intro>
      {groups.length === 0 ? (
        <EmptyState headingLevel={2} title={t('invoices.collective.empty')} />
      ) : (
        <Grid>
          {groups.map((invoices) => {
            const office = invoices[0]!.firm;
            return (
              <Card key={office.id} title={office.name} headingLevel={2}>
                <Office>
                  <p>{t('invoices.collective.officeInvoices', { count: invoices.length })}</p>
                  <p>
                    {t('invoices.collective.officeBalance', {
                      amount: formats.yen(invoices.reduce((sum, invoice) => sum + invoice.balance, 0)),
                    })}
                  </p>
                  <Button onClick={() => setPaying(invoices)}>
                    {t('invoices.collective.payAll', { office: office.name })}
                  </Button>
                  <Link to={pathTo('unpaidInvoices')}>{t('invoices.collective.chooseInList')}</Link>
                </Office>
              </Card>
            );
          })}
        </Grid>
      )}
      {paying && <CollectivePaymentDialog invoices={paying} onClose={() => setPaying(null)} />}
    </>
  );
}
