import type {
  BillingIssuer,
  BillingLine,
  BillingParty,
  BillingSubject,
  BillingTotals,
} from '@ipportal/domain';
import { Fragment } from 'react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import styled, { createGlobalStyle, css } from 'styled-components';
import { useLocale } from '../../i18n/use-locale';
import { formatPhoneNumber } from '../../shared/phone';
import { useBillingFormats } from './billing-format';

/*
 * The pieces of a printable estimate or invoice. On screen the document is a sheet of A4 width;
 * printed it is the page itself: everything outside `Sheet` that should not go on paper hides
 * with `@media print` (the blank layout has no app chrome to begin with).
 */

export const PrintPage = createGlobalStyle`
  @page {
    size: A4;
    margin: 14mm 12mm;
  }
  @media print {
    html,
    body {
      background: #fff;
    }
  }
`;

const mm = (value: number) => `${value}mm`;

export const Sheet = styled.article`
  position: relative;
  box-sizing: border-box;
  width: 100%;
  max-width: ${mm(210)};
  margin: 0 auto;
  padding: ${mm(14)} ${mm(12)};
  background: #fff;
  color: #111;
  font-size: 13px;
  line-height: 1.55;
  border: 1px solid ${({ theme }) => theme.colors.divider};
  box-shadow: ${({ theme }) => theme.shadows.md};
  print-color-adjust: exact;
  -webkit-print-color-adjust: exact;
  @media print {
    max-width: none;
    padding: 0;
    border: none;
    box-shadow: none;
    font-size: 10.5pt;
  }
`;

const Heading = styled.h2`
  margin: 0 0 ${({ theme }) => theme.space.lg}px;
  font-size: 26px;
  font-weight: 700;
  letter-spacing: 0.3em;
  text-align: center;
  border-bottom: 3px double #111;
  padding-bottom: ${({ theme }) => theme.space.xs}px;
`;

const Sub = styled.span`
  display: block;
  font-size: 12px;
  letter-spacing: normal;
  font-weight: 400;
  color: #444;
`;

/** The document's name (見積書 / 請求書) with a smaller second line (適格請求書, the version). */
export function DocumentHeading({ title, sub }: { title: string; sub?: ReactNode }) {
  return (
    <Heading>
      {title}
      {sub && <Sub>{sub}</Sub>}
    </Heading>
  );
}

const Meta = styled.dl`
  display: grid;
  grid-template-columns: auto auto;
  justify-content: end;
  gap: 0 ${({ theme }) => theme.space.md}px;
  margin: 0 0 ${({ theme }) => theme.space.lg}px;
  dt {
    color: #444;
  }
  dd {
    margin: 0;
    text-align: right;
    font-variant-numeric: tabular-nums;
  }
`;

/** Number and dates, top right. */
export function DocumentMeta({ items }: { items: readonly { label: string; value: ReactNode }[] }) {
  return (
    <Meta>
      {items.map((item) => (
        <div key={item.label} style={{ display: 'contents' }}>
          <dt>{item.label}</dt>
          <dd>{item.value}</dd>
        </div>
      ))}
    </Meta>
  );
}

const PartiesGrid = styled.div`
  display: grid;
  grid-template-columns: 1.2fr 1fr;
  gap: ${({ theme }) => theme.space.xl}px;
  margin-bottom: ${({ theme }) => theme.space.lg}px;
  break-inside: avoid;
`;

const Recipient = styled.div`
  p {
    margin: 0;
  }
`;

const RecipientName = styled.p`
  font-size: 17px;
  font-weight: 700;
  border-bottom: 1px solid #111;
  padding-bottom: 2px;
  margin-bottom: ${({ theme }) => theme.space.xs}px !important;
`;

const Issuer = styled.address`
  font-style: normal;
  p {
    margin: 0;
  }
`;

const IssuerName = styled.p`
  font-size: 15px;
  font-weight: 700;
`;

const Muted = styled.p`
  color: #444;
`;

function addressLines(party: BillingParty) {
  return [party.postalCode ? `〒${party.postalCode}` : null, party.address].filter(Boolean).join(' ');
}

/** The party's name in the interface language where the office gave an English one. */
export function usePartyName() {
  const { i18n } = useTranslation();
  return (party: BillingParty) => (i18n.language === 'en' && party.nameEn ? party.nameEn : party.name);
}

/** Recipient (left, with 御中) and issuer (right, with its registration number). */
export function DocumentParties({
  recipient,
  issuer,
  showRegistration,
  children,
}: {
  recipient: BillingParty;
  issuer: BillingIssuer;
  /** Qualified invoices must name the registration number; estimates show it when there is one. */
  showRegistration: 'always' | 'whenKnown';
  /** Under the recipient: greeting and the amount box. */
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  const nameOf = usePartyName();
  const [locale] = useLocale();
  const recipientAddress = addressLines(recipient);
  const issuerAddress = addressLines(issuer);
  return (
    <PartiesGrid>
      <Recipient>
        <RecipientName>{t('billingDocument.recipientHonorific', { name: nameOf(recipient) })}</RecipientName>
        {recipientAddress && <Muted>{recipientAddress}</Muted>}
        {children}
      </Recipient>
      <Issuer>
        <IssuerName>{nameOf(issuer)}</IssuerName>
        {issuerAddress && <p>{issuerAddress}</p>}
        {issuer.phoneNumber && (
          <p>{t('billingDocument.phone', { phone: formatPhoneNumber(issuer.phoneNumber, locale) })}</p>
        )}
        {issuer.email && <p>{issuer.email}</p>}
        {issuer.qualifiedInvoiceNumber ? (
          <p>
            <strong>
              {t('billingDocument.registrationNumber', { number: issuer.qualifiedInvoiceNumber })}
            </strong>
          </p>
        ) : (
          showRegistration === 'always' && <Muted>{t('billingDocument.noRegistrationNumber')}</Muted>
        )}
      </Issuer>
    </PartiesGrid>
  );
}

const Greeting = styled.p`
  margin: ${({ theme }) => theme.space.md}px 0 ${({ theme }) => theme.space.sm}px !important;
`;

const AmountBox = styled.div`
  display: flex;
  align-items: baseline;
  justify-content: space-between;
  gap: ${({ theme }) => theme.space.md}px;
  padding: ${({ theme }) => theme.space.sm}px ${({ theme }) => theme.space.md}px;
  border: 2px solid #111;
  font-weight: 700;
  strong {
    font-size: 20px;
    font-variant-numeric: tabular-nums;
  }
  & + & {
    margin-top: ${({ theme }) => theme.space.xs}px;
  }
`;

/** "下記のとおり…" and the amount in a box. */
export function AmountSummary({
  greeting,
  amounts,
}: {
  greeting: string;
  amounts: readonly { label: string; value: string }[];
}) {
  return (
    <>
      <Greeting>{greeting}</Greeting>
      {amounts.map((amount) => (
        <AmountBox key={amount.label}>
          <span>{amount.label}</span>
          <strong>{amount.value}</strong>
        </AmountBox>
      ))}
    </>
  );
}

const SubjectList = styled.dl`
  display: grid;
  grid-template-columns: max-content 1fr;
  gap: 2px ${({ theme }) => theme.space.md}px;
  margin: 0 0 ${({ theme }) => theme.space.md}px;
  dt {
    font-weight: 700;
  }
  dd {
    margin: 0;
  }
`;

/** Subject: the document's title, the matter (reference and title) and the request. */
export function DocumentSubject({ title, subject }: { title?: string | null; subject: BillingSubject }) {
  const { t } = useTranslation();
  return (
    <SubjectList>
      {title && (
        <>
          <dt>{t('billingDocument.subject')}</dt>
          <dd>{title}</dd>
        </>
      )}
      <dt>{t('billingDocument.matter')}</dt>
      <dd>
        {subject.refrenceCode} {subject.projectTitle}
      </dd>
      <dt>{t('billingDocument.request')}</dt>
      <dd>{subject.requestName}</dd>
    </SubjectList>
  );
}

const cell = css`
  padding: 4px 6px;
  border: 1px solid #555;
  vertical-align: top;
`;

const Lines = styled.table`
  width: 100%;
  border-collapse: collapse;
  margin-bottom: ${({ theme }) => theme.space.md}px;
  font-variant-numeric: tabular-nums;
  caption {
    text-align: left;
    font-weight: 700;
    padding-bottom: 2px;
  }
  th {
    ${cell};
    background: #eef1f5;
    font-weight: 700;
    white-space: nowrap;
  }
  td {
    ${cell};
  }
  tr {
    break-inside: avoid;
  }
  .num {
    text-align: right;
    white-space: nowrap;
  }
  .center {
    text-align: center;
    white-space: nowrap;
  }
  .fx {
    display: block;
    font-size: 11px;
    color: #444;
  }
`;

/** The items: description, quantity, unit price in its currency, tax class, yen amount (and the foreign amount with its rate). */
export function LineTable({ lines }: { lines: readonly BillingLine[] }) {
  const { t } = useTranslation();
  const formats = useBillingFormats();
  return (
    <Lines>
      <caption>{t('billingDocument.lines')}</caption>
      <thead>
        <tr>
          <th scope="col">{t('billingDocument.column.no')}</th>
          <th scope="col">{t('billingDocument.column.description')}</th>
          <th scope="col">{t('billingDocument.column.quantity')}</th>
          <th scope="col">{t('billingDocument.column.unitPrice')}</th>
          <th scope="col">{t('billingDocument.column.taxClass')}</th>
          <th scope="col">{t('billingDocument.column.amount')}</th>
        </tr>
      </thead>
      <tbody>
        {lines.length === 0 && (
          <tr>
            <td colSpan={6}>{t('billingDocument.noLines')}</td>
          </tr>
        )}
        {lines.map((line, index) => (
          <tr key={index}>
            <td className="center">{index + 1}</td>
            <td>{line.description}</td>
            <td className="num">{formats.quantity(line.quantity)}</td>
            <td className="num">{formats.money(line.unitPrice, line.currency)}</td>
            <td className="center">{t(`billingDocument.taxClass.${line.taxClass}`)}</td>
            <td className="num">
              {formats.yen(line.amountYen)}
              {line.currency !== 'JPY' && line.foreignAmount !== null && line.exchangeRate !== null && (
                <span className="fx">
                  {t('billingDocument.foreignAmount', {
                    amount: formats.money(line.foreignAmount, line.currency),
                    rate: formats.rate(line.exchangeRate, line.currency),
                  })}
                </span>
              )}
            </td>
          </tr>
        ))}
      </tbody>
    </Lines>
  );
}

const TotalsLayout = styled.div`
  display: flex;
  justify-content: flex-end;
  margin-bottom: ${({ theme }) => theme.space.md}px;
  break-inside: avoid;
`;

const TotalsTable = styled.table`
  min-width: 60%;
  border-collapse: collapse;
  font-variant-numeric: tabular-nums;
  th,
  td {
    padding: 3px 6px;
    border-bottom: 1px solid #bbb;
  }
  th {
    text-align: left;
    font-weight: 400;
  }
  td {
    text-align: right;
    white-space: nowrap;
  }
  .strong th,
  .strong td {
    font-weight: 700;
    border-bottom: 2px solid #111;
  }
`;

const caption = css`
  position: absolute;
  width: 1px;
  height: 1px;
  overflow: hidden;
  clip: rect(0 0 0 0);
  white-space: nowrap;
`;

const HiddenCaption = styled.caption`
  ${caption}
`;

/**
 * Subtotal and consumption tax per tax class (one rounding per class and document, as the
 * qualified-invoice rules require), the total, and when the issuer is an individual attorney the
 * withholding and the amount to transfer.
 */
export function TotalsBlock({ totals }: { totals: BillingTotals }) {
  const { t } = useTranslation();
  const formats = useBillingFormats();
  return (
    <TotalsLayout>
      <TotalsTable>
        <HiddenCaption>{t('billingDocument.totals')}</HiddenCaption>
        <tbody>
          {totals.byTaxClass.map((entry) => {
            const name = t(`billingDocument.byTaxClass.${entry.taxClass}`);
            return (
              <Fragment key={entry.taxClass}>
                <tr>
                  <th scope="row">{t('billingDocument.subtotalOf', { class: name })}</th>
                  <td>{formats.yen(entry.subtotal)}</td>
                </tr>
                {entry.taxClass === 'taxable10' && (
                  <tr>
                    <th scope="row">{t('billingDocument.taxOf', { class: name })}</th>
                    <td>{formats.yen(entry.tax)}</td>
                  </tr>
                )}
              </Fragment>
            );
          })}
          <tr>
            <th scope="row">{t('billingDocument.subtotal')}</th>
            <td>{formats.yen(totals.subtotal)}</td>
          </tr>
          <tr>
            <th scope="row">{t('billingDocument.tax')}</th>
            <td>{formats.yen(totals.tax)}</td>
          </tr>
          <tr className="strong">
            <th scope="row">{t('billingDocument.total')}</th>
            <td>{formats.yen(totals.total)}</td>
          </tr>
          {totals.withholding !== 0 && (
            <>
              <tr>
                <th scope="row">{t('billingDocument.withholding')}</th>
                <td>−{formats.yen(totals.withholding)}</td>
              </tr>
              <tr className="strong">
                <th scope="row">{t('billingDocument.amountToTransfer')}</th>
                <td>{formats.yen(totals.amountToTransfer)}</td>
              </tr>
            </>
          )}
        </tbody>
      </TotalsTable>
    </TotalsLayout>
  );
}

const Section = styled.section`
  margin-top: ${({ theme }) => theme.space.md}px;
  break-inside: avoid;
  h3 {
    margin: 0 0 2px;
    font-size: 13px;
    font-weight: 700;
  }
  p {
    margin: 0;
    white-space: pre-wrap;
  }
`;

/** A titled block at the foot: bank account, notes. */
export function DocumentSection({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Section aria-label={title}>
      <h3>{title}</h3>
      {children}
    </Section>
  );
}

const Small = styled.p`
  &::before {
    content: '※ ';
  }
  margin: ${({ theme }) => theme.space.xs}px 0 0;
  font-size: 11.5px;
  color: #333;
`;

/** A small note (the FX note, the withholding basis). */
export function FootNote({ children }: { children: ReactNode }) {
  return <Small>{children}</Small>;
}

const StampBox = styled.div<{ $tone: 'danger' | 'success' | 'muted' }>`
  position: absolute;
  top: ${mm(10)};
  right: ${mm(12)};
  transform: rotate(-12deg);
  padding: 4px 14px;
  border: 3px solid currentColor;
  border-radius: 6px;
  font-size: 22px;
  font-weight: 700;
  letter-spacing: 0.15em;
  text-transform: uppercase;
  opacity: 0.85;
  color: ${({ $tone }) => ($tone === 'danger' ? '#b42318' : $tone === 'success' ? '#1e6b3a' : '#555')};
  pointer-events: none;
  @media print {
    top: 0;
    right: 0;
  }
`;

const StampNote = styled.p<{ $tone: 'danger' | 'success' | 'muted' }>`
  margin: 0 0 ${({ theme }) => theme.space.md}px;
  padding: 6px 10px;
  border-left: 4px solid
    ${({ $tone }) => ($tone === 'danger' ? '#b42318' : $tone === 'success' ? '#1e6b3a' : '#555')};
  background: #f6f6f6;
`;

export type StampKind =
  'draft' | 'void' | 'paid' | 'expired' | 'superseded' | 'declined' | 'withdrawn' | 'accepted';

const stampTones: Record<StampKind, 'danger' | 'success' | 'muted'> = {
  draft: 'muted',
  void: 'danger',
  paid: 'success',
  expired: 'danger',
  superseded: 'muted',
  declined: 'danger',
  withdrawn: 'muted',
  accepted: 'success',
};

/** The rubber stamp across the top right (printed too), with a sentence saying why when there is one. */
export function StatusStamp({ kind, note }: { kind: StampKind; note?: string | null }) {
  const { t } = useTranslation();
  return (
    <>
      <StampBox $tone={stampTones[kind]}>{t(`billingDocument.stamp.${kind}`)}</StampBox>
      {note && (
        <StampNote $tone={stampTones[kind]} role="note">
          {note}
        </StampNote>
      )}
    </>
  );
}
