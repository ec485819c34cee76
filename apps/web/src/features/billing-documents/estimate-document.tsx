import type { Deal } from '@ipportal/domain';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { domainMessages, useMessages } from '../../shared/lazy-messages';
import { billingDocumentTexts } from './billing-document-texts';
import { useBillingFormats } from './billing-format';
import {
  AmountSummary,
  DocumentHeading,
  DocumentMeta,
  DocumentParties,
  DocumentSection,
  DocumentSubject,
  FootNote,
  LineTable,
  PrintPage,
  Sheet,
  StatusStamp,
  TotalsBlock,
} from './document-parts';
import type { StampKind } from './document-parts';

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

/**
 * A printable 見積書: both parties, the registration number, subject, items, totals per tax
 * class (with withholding when the office is an individual attorney), validity, notes, the FX
 * note, and a stamp for any state but "sent". The office's editor shows drafts with it too.
 */
export function EstimateDocument({ deal }: { deal: Deal }) {
  useMessages(billingDocumentTexts, domainMessages);
  const { t } = useTranslation();
  const formats = useBillingFormats();
  const stamp = stampOf(deal, t);
  const title = t('billingDocument.estimateTitle');
  const amounts = [{ label: t('billingDocument.estimateAmount'), value: formats.yen(deal.totals.total) }];
  if (deal.totals.withholding !== 0) {
    amounts.push({
      label: t('billingDocument.transferAmount'),
      value: formats.yen(deal.totals.amountToTransfer),
    });
  }
  return (
    <Sheet aria-label={`${title} ${deal.number}`}>
      <PrintPage />
      {stamp && <StatusStamp kind={stamp.kind} note={stamp.note} />}
      <DocumentHeading
        title={title}
        sub={deal.version > 1 ? t('billingDocument.version', { version: deal.version }) : undefined}
      />
      <DocumentMeta
        items={[
          { label: t('billingDocument.number'), value: deal.number },
          {
            label: t('billingDocument.estimateDate'),
            value: formats.instantDay(deal.sentAt ?? deal.createdAt),
          },
          ...(deal.validUntil
            ? [{ label: t('billingDocument.validUntil'), value: formats.date(deal.validUntil) }]
            : []),
        ]}
      />
      <DocumentParties recipient={deal.recipient} issuer={deal.issuer} showRegistration="whenKnown">
        <AmountSummary greeting={t('billingDocument.estimateGreeting')} amounts={amounts} />
      </DocumentParties>
      <DocumentSubject title={deal.title} subject={deal.subject} />
      <LineTable lines={deal.lines} />
      <TotalsBlock totals={deal.totals} />
      {deal.totals.withholding !== 0 && (
        <FootNote>
          {t('billingDocument.withholdingNote', { base: formats.yen(deal.totals.withholdingBase) })}
        </FootNote>
      )}
      {deal.fxNote && <FootNote>{t('billingDocument.estimateFxNote')}</FootNote>}
      {deal.notes && (
        <DocumentSection title={t('billingDocument.notes')}>
          <p>{deal.notes}</p>
        </DocumentSection>
      )}
    </Sheet>
  );
}
