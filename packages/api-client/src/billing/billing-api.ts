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
  DealListQuery,
  Invoice,
  InvoiceListQuery,
  ItemEnvelope,
  ItemsEnvelope,
  MatchPaymentBody,
  Payment,
  PaymentListQuery,
  RecordPaymentBody,
  RecordReceivedPaymentBody,
} from '@ipportal/domain';
import { apiRequest } from '../endpoint-request.js';
import { pathWithQuery } from '../base-query.js';
import { requestDetailId } from '../request-detail/request-detail-api.js';
import { billingApiWithTags, billingLists, documentEndpoints, documentTags } from './document-endpoints.js';
import type { RequestKey } from '../requests/requests-api.js';

type DealKey = RequestKey & { dealId: string };
export type PaymentPage = { items: Payment[]; total: number };

const deals = documentTags('Deal');
const invoices = documentTags('Invoice');
const afterPaymentWrite = (payment: Payment | undefined, error: unknown) =>
  error || !payment
    ? []
    : [
        ...billingLists,
        ...payment.allocations.map((allocation) => ({ type: 'Invoice' as const, id: allocation.invoiceId })),
      ];

/** Estimates, invoices, payments, the office's billing profile and a request's concierge. */
export const billingApi = billingApiWithTags.injectEndpoints({
  endpoints: (build) => ({
    // Estimates: list, read, search, create, update, delete as invoices; then their own steps.
    ...documentEndpoints(build, 'Deal', dealEndpoints, (key: DealKey) => key),
    sendDeal: build.mutation<Deal, DealKey>({
      query: (key) => apiRequest(dealEndpoints.sendDeal, { params: key }),
      transformResponse: (response: ItemEnvelope<Deal>) => response.item,
      invalidatesTags: deals.afterWrite,
    }),
    reviseDeal: build.mutation<Deal, DealKey>({
      query: (key) => apiRequest(dealEndpoints.reviseDeal, { params: key }),
      transformResponse: (response: ItemEnvelope<Deal>) => response.item,
      invalidatesTags: deals.afterWrite,
    }),
    withdrawDeal: build.mutation<Deal, DealKey & { reason?: string }>({
      query: ({ reason, ...key }) =>
        apiRequest(dealEndpoints.withdrawDeal, { params: key, body: reason ? { reason } : {} }),
      transformResponse: (response: ItemEnvelope<Deal>) => response.item,
      invalidatesTags: deals.afterWrite,
    }),
    acceptDeal: build.mutation<Deal, DealKey>({
      query: (key) => apiRequest(dealEndpoints.acceptDeal, { params: key }),
      transformResponse: (response: ItemEnvelope<Deal>) => response.item,
      // Accepting moves the request to "external handling in progress".
      invalidatesTags: (deal, error) => [
        ...deals.afterWrite(deal, error),
        ...(error ? [] : [{ type: 'Request' as const }]),
      ],
    }),
    declineDeal: build.mutation<Deal, DealKey & { reason: string }>({
      query: ({ reason, ...key }) => apiRequest(dealEndpoints.declineDeal, { params: key, body: { reason } }),
      transformResponse: (response: ItemEnvelope<Deal>) => response.item,
      invalidatesTags: deals.afterWrite,
    }),

    // Invoices (read by id alone)
    ...documentEndpoints(build, 'Invoice', invoiceEndpoints, (invoiceId: string) => ({ invoiceId })),
    issueInvoice: build.mutation<Invoice, { invoiceId: string }>({
      query: (key) => apiRequest(invoiceEndpoints.issueInvoice, { params: key }),
      transformResponse: (response: ItemEnvelope<Invoice>) => response.item,
      invalidatesTags: invoices.afterWrite,
    }),
    voidInvoice: build.mutation<Invoice, { invoiceId: string; reason: string }>({
      query: ({ invoiceId, reason }) =>
        apiRequest(invoiceEndpoints.voidInvoice, { params: { invoiceId }, body: { reason } }),
      transformResponse: (response: ItemEnvelope<Invoice>) => response.item,
      invalidatesTags: invoices.afterWrite,
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
