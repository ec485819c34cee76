import { billingDocumentOf, toIsoDate, type BillingDocument, type Deal } from '@ipportal/domain';
import type { TFunction } from 'i18next';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { domainMessages, useMessages } from '../../shared/lazy-messages';
import { billingDocumentTexts } from './billing-document-texts';
import {
  DocumentHeading,
  DocumentMeta,
  DocumentParties,
  DocumentSections,
  DocumentSubject,
  PrintPage,
  Sheet,
} from './document-parts';
import { LineTable, TotalsBlock } from './document-table';
import { useDocumentText } from './document-text';
import { StatusStamp } from './status-stamp';
import type { StampKind } from './status-stamp';

function stampOf(deal: Deal, t: TFunction) {
  const stamp = (kind: StampKind, note?: string) => ({ kind, note: note ?? null });
  switch (deal.status) {
    case 'draft':
      return stamp('draft', t('billingDocument.stampNote.draft'));
    case 'expired':
      return stamp('expired', t('billingDocument.stampNote.expired'));
    case 'superseded':
      return stamp('superseded', t('billingDocument.stampNote.superseded'));
    case 'declined':
      return stamp('declined', t('billingDocument.stampNote.declined', { reason: deal.declineReason ?? '' }));
    case 'withdrawn':
      return stamp(
        'withdrawn',
        deal.withdrawReason
          ? t('billingDocument.stampNote.withdrawnWithReason', { reason: deal.withdrawReason })
          : t('billingDocument.stampNote.withdrawn'),
      );
    case 'accepted':
      return stamp('accepted');
    case 'sent':
      return null;
  }
}

/** The estimate as the domain's billing document, dated the day it was sent (or made). */
export function estimateBillingDocument(deal: Deal): BillingDocument {
  return billingDocumentOf({
    kind: 'estimate',
    number: deal.number,
    version: deal.version,
    title: deal.title,
    date: toIsoDate(new Date(deal.sentAt ?? deal.createdAt)),
    validUntil: deal.validUntil,
    issuer: deal.issuer,
    recipient: deal.recipient,
    subject: { ...deal.subject, requestNumber: deal.subject.requestId },
    lines: deal.lines,
    totals: deal.totals,
    notes: deal.notes,
    fxNote: deal.fxNote,
  });
}

/**
 * A printable 見積書: the domain's billing document in the interface language (both parties, the
 * registration number, subject, items, totals per tax class with withholding when the office is
 * an individual attorney, validity, the FX note, notes), and a stamp for any state but "sent".
 * The office's editor shows drafts with it too.
 */
export function EstimateDocument({ deal }: { deal: Deal }) {
  useMessages(billingDocumentTexts, domainMessages);
  const { t } = useTranslation();
  const text = useDocumentText();
  const stamp = stampOf(deal, t);
  const document = useMemo(() => estimateBillingDocument(deal), [deal]);
  return (
    <Sheet aria-label={`${text(document.title)} ${deal.number}`}>
      <PrintPage />
      {stamp && <StatusStamp kind={stamp.kind} note={stamp.note} />}
      <DocumentHeading document={document} />
      <DocumentMeta document={document} />
      <DocumentParties document={document} />
      <DocumentSubject document={document} />
      <LineTable document={document} />
      <TotalsBlock document={document} />
      <DocumentSections document={document} />
    </Sheet>
  );
}
