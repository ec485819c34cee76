import {
  billingProfileEndpoints,
  conciergeEndpoints,
  dealEndpoints,
  invoiceEndpoints,
  paymentEndpoints,
} from '@ipportal/domain';
import type {
  BillingProfile,
  BillingProfileBody,
  Concierge,
  Counterparty,
  Deal,
  DealDraftBody,
  DealListQuery,
  DealSummary,
  Invoice,
  InvoiceCreateBody,
  InvoiceDraftBody,
  InvoiceListQuery,
  InvoiceSummary,
  ItemEnvelope,
  ItemsEnvelope,
  MatchPaymentBody,
  Payment,
  PaymentListQuery,
  RecordPaymentBody,
  RecordReceivedPaymentBody,
} from '@ipportal/domain';
import { api } from '../api.js';
import { apiRequest } from '../endpoint-request.js';
import { pathWithQuery } from '../base-query.js';
import { requestDetailId } from '../request-detail/request-detail-api.js';
import type { RequestKey } from '../requests/requests-api.js';

const withTags = api.enhanceEndpoints({
  addTagTypes: ['Deal', 'Invoice', 'Payment', 'BillingProfile', 'Concierge', 'RequestHistory', 'Request'],
});

type DealKey = RequestKey & { dealId: string };
export type DealPage = { items: DealSummary[]; total: number };
export type InvoicePage = { items: InvoiceSummary[]; total: number; balanceSum: number };
export type PaymentPage = { items: Payment[]; total: number };

/**
 * Every write to an estimate, invoice or payment can move the other lists (an acceptance lets the
 * office invoice, a payment moves invoices from unpaid to paid), so writes refresh all billing
 * lists and the request's history; single documents refresh by id.
 */
const billingLists = [
  { type: 'Deal' as const, id: 'LIST' },
  { type: 'Invoice' as const, id: 'LIST' },
  { type: 'Payment' as const, id: 'LIST' },
];
const afterDealWrite = (deal: Deal | undefined, error: unknown) =>
  error || !deal
    ? []
    : [
        ...billingLists,
        { type: 'Deal' as const, id: deal.id },
        { type: 'RequestHistory' as const, id: requestDetailId(deal.subject) },
      ];
const afterInvoiceWrite = (invoice: Invoice | undefined, error: unknown) =>
  error || !invoice
    ? []
    : [
        ...billingLists,
        { type: 'Invoice' as const, id: invoice.id },
        { type: 'RequestHistory' as const, id: requestDetailId(invoice.subject) },
      ];
const afterPaymentWrite = (payment: Payment | undefined, error: unknown) =>
  error || !payment
    ? []
    : [
        ...billingLists,
        ...payment.allocations.map((allocation) => ({ type: 'Invoice' as const, id: allocation.invoiceId })),
      ];

/** Estimates, invoices, payments, the office's billing profile and a request's concierge. */
export const billingApi = withTags.injectEndpoints({
  endpoints: (build) => ({
    // Estimates
    listRequestDeals: build.query<DealSummary[], RequestKey>({
      query: (key) => apiRequest(dealEndpoints.listRequestDeals, { params: key }),
      transformResponse: (response: ItemsEnvelope<DealSummary>) => response.items,
      providesTags: [{ type: 'Deal', id: 'LIST' }],
    }),
    getDeal: build.query<Deal, DealKey>({
      query: (key) => apiRequest(dealEndpoints.getDeal, { params: key }),
      transformResponse: (response: ItemEnvelope<Deal>) => response.item,
      providesTags: (deal) => (deal ? [{ type: 'Deal', id: deal.id }] : []),
    }),
    listDeals: build.query<DealPage, DealListQuery>({
      query: (query) => apiRequest(dealEndpoints.listDeals, { query }),
      transformResponse: (response: ItemsEnvelope<DealSummary> & { total: number }) => ({
        items: response.items,
        total: response.total,
      }),
      providesTags: [{ type: 'Deal', id: 'LIST' }],
    }),
    createDeal: build.mutation<Deal, RequestKey & { body: DealDraftBody }>({
      query: ({ body, ...key }) => apiRequest(dealEndpoints.createDeal, { params: key, body }),
      transformResponse: (response: ItemEnvelope<Deal>) => response.item,
      invalidatesTags: afterDealWrite,
    }),
    updateDeal: build.mutation<Deal, DealKey & { body: DealDraftBody }>({
      query: ({ body, ...key }) => apiRequest(dealEndpoints.updateDeal, { params: key, body }),
      transformResponse: (response: ItemEnvelope<Deal>) => response.item,
      invalidatesTags: afterDealWrite,
    }),
    deleteDeal: build.mutation<void, DealKey>({
      query: (key) => apiRequest(dealEndpoints.deleteDeal, { params: key }),
      invalidatesTags: (_result, error, key) =>
        error ? [] : [...billingLists, { type: 'Deal', id: key.dealId }],
    }),
    sendDeal: build.mutation<Deal, DealKey>({
      query: (key) => apiRequest(dealEndpoints.sendDeal, { params: key }),
      transformResponse: (response: ItemEnvelope<Deal>) => response.item,
      invalidatesTags: afterDealWrite,
    }),
    reviseDeal: build.mutation<Deal, DealKey>({
      query: (key) => apiRequest(dealEndpoints.reviseDeal, { params: key }),
      transformResponse: (response: ItemEnvelope<Deal>) => response.item,
      invalidatesTags: afterDealWrite,
    }),
    withdrawDeal: build.mutation<Deal, DealKey & { reason?: string }>({
      query: ({ reason, ...key }) =>
        apiRequest(dealEndpoints.withdrawDeal, { params: key, body: reason ? { reason } : {} }),
      transformResponse: (response: ItemEnvelope<Deal>) => response.item,
      invalidatesTags: afterDealWrite,
    }),
    acceptDeal: build.mutation<Deal, DealKey>({
      query: (key) => apiRequest(dealEndpoints.acceptDeal, { params: key }),
      transformResponse: (response: ItemEnvelope<Deal>) => response.item,
      // Accepting moves the request to "external handling in progress".
      invalidatesTags: (deal, error) => [
        ...afterDealWrite(deal, error),
        ...(error ? [] : [{ type: 'Request' as const }]),
      ],
    }),
    declineDeal: build.mutation<Deal, DealKey & { reason: string }>({
      query: ({ reason, ...key }) => apiRequest(dealEndpoints.declineDeal, { params: key, body: { reason } }),
      transformResponse: (response: ItemEnvelope<Deal>) => response.item,
      invalidatesTags: afterDealWrite,
    }),

    // Invoices
    listRequestInvoices: build.query<InvoiceSummary[], RequestKey>({
      query: (key) => apiRequest(invoiceEndpoints.listRequestInvoices, { params: key }),
      transformResponse: (response: ItemsEnvelope<InvoiceSummary>) => response.items,
      providesTags: [{ type: 'Invoice', id: 'LIST' }],
    }),
    getInvoice: build.query<Invoice, string>({
      query: (invoiceId) => apiRequest(invoiceEndpoints.getInvoice, { params: { invoiceId } }),
      transformResponse: (response: ItemEnvelope<Invoice>) => response.item,
      providesTags: (invoice) => (invoice ? [{ type: 'Invoice', id: invoice.id }] : []),
    }),
    listInvoices: build.query<InvoicePage, InvoiceListQuery>({
      query: (query) => apiRequest(invoiceEndpoints.listInvoices, { query }),
      transformResponse: (
        response: ItemsEnvelope<InvoiceSummary> & { total: number; balanceSum: number },
      ) => ({
        items: response.items,
        total: response.total,
        balanceSum: response.balanceSum,
      }),
      providesTags: [{ type: 'Invoice', id: 'LIST' }],
    }),
    createInvoice: build.mutation<Invoice, RequestKey & { body: InvoiceCreateBody }>({
      query: ({ body, ...key }) => apiRequest(invoiceEndpoints.createInvoice, { params: key, body }),
      transformResponse: (response: ItemEnvelope<Invoice>) => response.item,
      invalidatesTags: afterInvoiceWrite,
    }),
    updateInvoice: build.mutation<Invoice, { invoiceId: string; body: InvoiceDraftBody }>({
      query: ({ invoiceId, body }) =>
        apiRequest(invoiceEndpoints.updateInvoice, { params: { invoiceId }, body }),
      transformResponse: (response: ItemEnvelope<Invoice>) => response.item,
      invalidatesTags: afterInvoiceWrite,
    }),
    deleteInvoice: build.mutation<void, { invoiceId: string }>({
      query: (key) => apiRequest(invoiceEndpoints.deleteInvoice, { params: key }),
      invalidatesTags: (_result, error, { invoiceId }) =>
        error ? [] : [...billingLists, { type: 'Invoice', id: invoiceId }],
    }),
    issueInvoice: build.mutation<Invoice, { invoiceId: string }>({
      query: (key) => apiRequest(invoiceEndpoints.issueInvoice, { params: key }),
      transformResponse: (response: ItemEnvelope<Invoice>) => response.item,
      invalidatesTags: afterInvoiceWrite,
    }),
    voidInvoice: build.mutation<Invoice, { invoiceId: string; reason: string }>({
      query: ({ invoiceId, reason }) =>
        apiRequest(invoiceEndpoints.voidInvoice, { params: { invoiceId }, body: { reason } }),
      transformResponse: (response: ItemEnvelope<Invoice>) => response.item,
      invalidatesTags: afterInvoiceWrite,
    }),

    // Payments
    listPayments: build.query<PaymentPage, PaymentListQuery>({
      query: (query) => apiRequest(paymentEndpoints.listPayments, { query }),
      transformResponse: (response: ItemsEnvelope<Payment> & { total: number }) => ({
        items: response.items,
        total: response.total,
      }),
      providesTags: [{ type: 'Payment', id: 'LIST' }],
    }),
    getPayment: build.query<Payment, string>({
      query: (paymentId) => apiRequest(paymentEndpoints.getPayment, { params: { paymentId } }),
      transformResponse: (response: ItemEnvelope<Payment>) => response.item,
      providesTags: (payment) => (payment ? [{ type: 'Payment', id: payment.id }] : []),
    }),
    listCounterparties: build.query<Counterparty[], void>({
      query: () => apiRequest(paymentEndpoints.listCounterparties, {}),
      transformResponse: (response: ItemsEnvelope<Counterparty>) => response.items,
    }),
    recordPayment: build.mutation<Payment, RecordPaymentBody>({
      query: (body) => apiRequest(paymentEndpoints.recordPayment, { body }),
      transformResponse: (response: ItemEnvelope<Payment>) => response.item,
      invalidatesTags: afterPaymentWrite,
    }),
    recordReceivedPayment: build.mutation<Payment, RecordReceivedPaymentBody>({
      query: (body) => apiRequest(paymentEndpoints.recordReceivedPayment, { body }),
      transformResponse: (response: ItemEnvelope<Payment>) => response.item,
      invalidatesTags: afterPaymentWrite,
    }),
    matchPayment: build.mutation<Payment, { paymentId: string; body: MatchPaymentBody }>({
      query: ({ paymentId, body }) =>
        apiRequest(paymentEndpoints.matchPayment, { params: { paymentId }, body }),
      transformResponse: (response: ItemEnvelope<Payment>) => response.item,
      invalidatesTags: afterPaymentWrite,
    }),
    confirmPayment: build.mutation<Payment, string>({
      query: (paymentId) => apiRequest(paymentEndpoints.confirmPayment, { params: { paymentId } }),
      transformResponse: (response: ItemEnvelope<Payment>) => response.item,
      invalidatesTags: (payment, error) => [
        ...afterPaymentWrite(payment, error),
        ...(payment ? [{ type: 'Payment' as const, id: payment.id }] : []),
      ],
    }),

    // The office's billing profile
    getBillingProfile: build.query<BillingProfile, void>({
      query: () => apiRequest(billingProfileEndpoints.getBillingProfile, {}),
      transformResponse: (response: ItemEnvelope<BillingProfile>) => response.item,
      providesTags: [{ type: 'BillingProfile', id: 'SELF' }],
    }),
    updateBillingProfile: build.mutation<BillingProfile, BillingProfileBody>({
      query: (body) => apiRequest(billingProfileEndpoints.updateBillingProfile, { body }),
      transformResponse: (response: ItemEnvelope<BillingProfile>) => response.item,
      invalidatesTags: (_result, error) => (error ? [] : [{ type: 'BillingProfile', id: 'SELF' }]),
    }),

    // Concierge
    getConcierge: build.query<Concierge, RequestKey>({
      query: (key) => apiRequest(conciergeEndpoints.getConcierge, { params: key }),
      transformResponse: (response: ItemEnvelope<Concierge>) => response.item,
      providesTags: (_result, _error, key) => [{ type: 'Concierge', id: requestDetailId(key) }],
    }),
    startConcierge: build.mutation<Concierge, RequestKey>({
      query: (key) => apiRequest(conciergeEndpoints.startConcierge, { params: key }),
      transformResponse: (response: ItemEnvelope<Concierge>) => response.item,
      invalidatesTags: (_result, error, key) =>
        error
          ? []
          : [
              ...billingLists,
              { type: 'Concierge', id: requestDetailId(key) },
              { type: 'RequestHistory', id: requestDetailId(key) },
              { type: 'Request' as const },
            ],
    }),
  }),
});

export const {
  useListRequestDealsQuery,
  useGetDealQuery,
  useListDealsQuery,
  useCreateDealMutation,
  useUpdateDealMutation,
  useDeleteDealMutation,
  useSendDealMutation,
  useReviseDealMutation,
  useWithdrawDealMutation,
  useAcceptDealMutation,
  useDeclineDealMutation,
  useListRequestInvoicesQuery,
  useGetInvoiceQuery,
  useListInvoicesQuery,
  useCreateInvoiceMutation,
  useUpdateInvoiceMutation,
  useDeleteInvoiceMutation,
  useIssueInvoiceMutation,
  useVoidInvoiceMutation,
  useListPaymentsQuery,
  useGetPaymentQuery,
  useListCounterpartiesQuery,
  useRecordPaymentMutation,
  useRecordReceivedPaymentMutation,
  useMatchPaymentMutation,
  useConfirmPaymentMutation,
  useGetBillingProfileQuery,
  useUpdateBillingProfileMutation,
  useGetConciergeQuery,
  useStartConciergeMutation,
} = billingApi;

/** Paths of the byte answers, for `fetchRequestBlob` (the PDF stored at issue, CSV exports). */
export const billingBinaryPaths = {
  invoicePdf: (invoiceId: string) => apiRequest(invoiceEndpoints.invoicePdf, { params: { invoiceId } }).url,
  // The search goes with the path: the CSV holds what the list shows.
  invoicesCsv: (query: InvoiceListQuery) =>
    pathWithQuery(apiRequest(invoiceEndpoints.exportInvoices, { query })),
  dealsCsv: (query: DealListQuery) => pathWithQuery(apiRequest(dealEndpoints.exportDeals, { query })),
};
