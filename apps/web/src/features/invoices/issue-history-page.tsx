import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import { domainMessages, useMessages } from '../../shared/lazy-messages';
import { billingDocumentTexts } from '../billing-documents';
import { InvoiceList } from './invoice-list';
import { invoiceTexts } from './invoice-texts';

const Intro = styled.p`
  margin: 0 0 ${({ theme }) => theme.space.md}px;
  color: ${({ theme }) => theme.colors.textMuted};
`;

/** /invoice/issue-history: every invoice issued to us, void ones and credit notes included. */
export function IssueHistoryPage() {
  useMessages(invoiceTexts, billingDocumentTexts, domainMessages);
  const { t } = useTranslation();
  return (
    <>
      <Intro>{t('invoices.history.issuedCaption')}</Intro>
      <InvoiceList view="issued" dateFilter="issued" defaultSort={{ key: 'issueDate', direction: 'desc' }} />
    </>
  );
}
