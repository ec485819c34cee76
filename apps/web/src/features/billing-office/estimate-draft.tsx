import {
  useCreateDealMutation,
  useDeleteDealMutation,
  useSendDealMutation,
  useUpdateDealMutation,
} from '@ipportal/api-client';
import type { RequestKey } from '@ipportal/api-client';
import type { Deal, DealDraftBody } from '@ipportal/domain';
import { EstimateDocument } from '../billing-documents';
import { draftCalls } from './draft-kind';
import type { DraftKind } from './draft-kind';

function useEstimateCalls(requestKey: RequestKey) {
  return draftCalls(requestKey, (deal: Deal) => ({ ...requestKey, dealId: deal.id }), [
    useCreateDealMutation(),
    useUpdateDealMutation(),
    useDeleteDealMutation(),
    useSendDealMutation(),
  ] as const);
}

/** An estimate: a title and how long it is valid; sent to the client when done. */
export const estimateDraft: DraftKind<Deal, 'title' | 'validUntil', DealDraftBody> = {
  formId: 'estimate-editor',
  texts: 'billingOffice.estimate',
  fields: [
    { name: 'title', required: true, maxLength: 200 },
    { name: 'validUntil', type: 'date', help: () => ({}) },
  ],
  head: (deal) => ({ title: deal?.title ?? '', validUntil: deal?.validUntil ?? '' }),
  body: ({ title, validUntil }, rest) => ({ title, validUntil: validUntil || null, ...rest }),
  heading: (t, deal) =>
    deal
      ? t('billingOffice.estimate.editHeading', { number: deal.number, version: deal.version })
      : t('billingOffice.estimate.newHeading'),
  Printed: ({ draft }) => <EstimateDocument deal={draft} />,
  finish: 'send',
  useCalls: useEstimateCalls,
};
