import type { InvoiceSummary } from '@ipportal/domain';
import { Button } from '@ipportal/ui';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import { useAppSelector } from '../../app/hooks';
import { domainMessages, useMessages } from '../../shared/lazy-messages';
import { selectUserType } from '../auth';
import { billingDocumentTexts, useBillingFormats } from '../billing-documents';
import { CollectivePaymentDialog } from './collective-payment-dialog';
import { InvoiceList } from './invoice-list';
import { invoiceTexts } from './invoice-texts';

const Hint = styled.p`
  margin: 0 0 ${({ theme }) => theme.space.md}px;
  color: ${({ theme }) => theme.colors.textMuted};
`;

const Problem = styled.span`
  color: ${({ theme }) => theme.colors.danger};
`;

/**
 * /invoice/unpaid-invoice-list: issued invoices with a balance across offices. Select several of
 * one office and pay them together (collective payment).
 */
export function UnpaidInvoicesPage() {
  useMessages(invoiceTexts, billingDocumentTexts, domainMessages);
  const { t } = useTranslation();
  const formats = useBillingFormats();
  const client = useAppSelector(selectUserType) !== 'PATENT';
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [chosen, setChosen] = useState<InvoiceSummary[]>([]);
  const [paying, setPaying] = useState<InvoiceSummary[] | null>(null);

  const oneOffice = new Set(chosen.map((invoice) => invoice.firm.id)).size <= 1;
  return (
    <>
      {client && <Hint>{t('invoices.list.selectionHint')}</Hint>}
      <InvoiceList
        view="unpaid"
        dateFilter="dueBy"
        defaultSort={{ key: 'dueDate', direction: 'asc' }}
        selection={{
          selected,
          onChange: (next, rows) => {
            setSelected(next);
            setChosen(rows.filter((row) => next.has(row.id)));
          },
        }}
        toolbar={() =>
          client &&
          chosen.length > 0 && (
            <>
              <span>
                {t('invoices.list.selected', {
                  count: chosen.length,
                  amount: formats.yen(chosen.reduce((sum, invoice) => sum + invoice.balance, 0)),
                })}
              </span>
              {!oneOffice && <Problem role="alert">{t('invoices.list.oneOfficeOnly')}</Problem>}
              <Button disabled={!oneOffice} onClick={() => setPaying(chosen)}>
                {t('invoices.list.payTogether')}
              </Button>
            </>
          )
        }
      />
      {paying && (
        <CollectivePaymentDialog
          invoices={paying}
          onClose={() => setPaying(null)}
          onRecorded={() => {
            setSelected(new Set());
            setChosen([]);
          }}
        />
      )}
    </>
  );
}
