import {
  useCreateInvoiceMutation,
  useDeleteInvoiceMutation,
  useIssueInvoiceMutation,
  useUpdateInvoiceMutation,
} from '@ipportal/api-client';
import type { RequestKey } from '@ipportal/api-client';
import { defaultDueDate, todayInJapan } from '@ipportal/domain';
import type { BillingTotals, Invoice, InvoiceDraftBody } from '@ipportal/domain';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { pathTo } from '../../routes/paths';
import { InvoiceDocument } from '../billing-documents';
import { useBillingFormats } from './billing-format';
import { draftCalls } from './draft-kind';
import type { DraftKind } from './draft-kind';

function useInvoiceCalls(requestKey: RequestKey) {
  const at = (invoice: Invoice) => ({ invoiceId: invoice.id });
  // The body is the draft's (a new draft's may also name an estimate or what it corrects).
  return draftCalls<Invoice, InvoiceDraftBody, ReturnType<typeof at>>(requestKey, at, [
    useCreateInvoiceMutation(),
    useUpdateInvoiceMutation(),
    useDeleteInvoiceMutation(),
    useIssueInvoiceMutation(),
  ] as const);
}

/** What a credit note corrects, and a draft copied from an accepted estimate. */
function InvoiceIntro({ draft }: { draft: Invoice }) {
  const { t } = useTranslation();
  return (
    <>
      {draft.correctsInvoice && (
        <p>{t('billingOffice.invoice.corrects', { number: draft.correctsInvoice.number ?? '' })}</p>
      )}
      {draft.dealId && <p>{t('billingOffice.invoice.fromEstimate')}</p>}
    </>
  );
}

/** Issuing is final: the amount it asks for, and the way to check the issuer's details first. */
function IssueDetails({ totals }: { totals: BillingTotals }) {
  const { t } = useTranslation();
  const formats = useBillingFormats();
  return (
    <>
      <p>{t('billingOffice.invoice.issueConfirmTotal', { amount: formats.yen(totals.amountToTransfer) })}</p>
      <Link to={pathTo('firmBillingProfile')}>{t('billingOffice.invoice.checkProfile')}</Link>
    </>
  );
}

/**
 * An invoice (or credit note): the transaction date and the due date (empty: the end of the month
 * after the issue date); issued when done, after which it never changes (a mistake is voided and
 * issued anew).
 */
export const invoiceDraft: DraftKind<Invoice, 'transactionDate' | 'dueDate', InvoiceDraftBody> = {
  formId: 'invoice-editor',
  texts: 'billingOffice.invoice',
  fields: [
    { name: 'transactionDate', type: 'date', required: true, help: () => ({}) },
    {
      name: 'dueDate',
      type: 'date',
      help: (formats) => ({ date: formats.date(defaultDueDate(todayInJapan())) }),
    },
  ],
  head: (invoice) => {
    const today = todayInJapan();
    return {
      transactionDate: invoice?.transactionDate ?? today,
      // A stored draft has its due date filled in by the server; it is the default when it matches.
      dueDate: invoice && invoice.dueDate !== defaultDueDate(today) ? invoice.dueDate : '',
    };
  },
  body: ({ transactionDate, dueDate }, rest) => ({ transactionDate, dueDate: dueDate || null, ...rest }),
  heading: (t, invoice) =>
    invoice?.kind === 'creditNote'
      ? t('billingOffice.invoice.creditNoteDraftHeading')
      : invoice
        ? t('billingOffice.invoice.draftHeading')
        : t('billingOffice.invoice.newHeading'),
  Intro: InvoiceIntro,
  Printed: ({ draft }) => <InvoiceDocument invoice={draft} />,
  finish: 'issue',
  finishTone: 'danger',
  FinishDetails: IssueDetails,
  useCalls: useInvoiceCalls,
};
