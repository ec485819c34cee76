import { documentColumns, type BillingDocument, type DocumentText } from '@ipportal/domain';
import { useTranslation } from 'react-i18next';
import styled, { createGlobalStyle, css } from 'styled-components';
import { useLocale } from '../../i18n/use-locale';

/*
 * The pieces of a printable estimate or invoice, drawn from the domain's `BillingDocument` in the
 * interface language: every word and figure comes from it (the stored PDF prints the same
 * document), these parts only place them. On screen the document is a sheet of A4 width;
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

/** A document text in the interface language. */
export function useDocumentText(): (text: DocumentText) => string {
  const [locale] = useLocale();
  return (text) => text[locale];
}

/** The document's name (見積書 / 請求書) with a smaller second line (適格請求書, the version). */
export function DocumentHeading({ document }: { document: BillingDocument }) {
  const text = useDocumentText();
  return (
    <Heading>
      {text(document.title)}
      {document.subtitle && <Sub>{text(document.subtitle)}</Sub>}
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
export function DocumentMeta({ document }: { document: BillingDocument }) {
  const text = useDocumentText();
  return (
    <Meta>
      {document.facts.map((fact) => (
        <div key={fact.label.en} style={{ display: 'contents' }}>
          <dt>{text(fact.label)}</dt>
          <dd>{text(fact.value)}</dd>
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

/** A line of the document when it has one. */
function Line({ value, muted = false }: { value: DocumentText | null; muted?: boolean }) {
  const text = useDocumentText();
  if (!value) return null;
  return muted ? <Muted>{text(value)}</Muted> : <p>{text(value)}</p>;
}

/**
 * Recipient (left, with 御中, the greeting and the amount asked for) and issuer (right, with its
 * registration number). Names are printed as registered, the English one below when given.
 */
export function DocumentParties({ document }: { document: BillingDocument }) {
  const text = useDocumentText();
  const { recipient, issuer } = document;
  return (
    <PartiesGrid>
      <Recipient>
        <RecipientName>{text(recipient.name)}</RecipientName>
        <Line value={recipient.nameEn} muted />
        <Line value={recipient.address} muted />
        <Greeting>{text(document.greeting)}</Greeting>
        <AmountBox>
          <span>{text(document.amountDue.label)}</span>
          <strong>{text(document.amountDue.value)}</strong>
        </AmountBox>
      </Recipient>
      <Issuer>
        <IssuerName>{text(issuer.name)}</IssuerName>
        <Line value={issuer.nameEn} muted />
        <Line value={issuer.address} />
        <Line value={issuer.phone} />
        <Line value={issuer.email} />
        {issuer.registration && (
          <p>
            <strong>{text(issuer.registration)}</strong>
          </p>
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
  dd span {
    display: block;
  }
`;

/** Subject: the estimate's title, the matter (reference and title) and the request. */
export function DocumentSubject({ document }: { document: BillingDocument }) {
  const text = useDocumentText();
  if (!document.subject) return null;
  return (
    <SubjectList>
      <dt>{text(document.subject.label)}</dt>
      <dd>
        {document.subject.lines.map((line) => (
          <span key={line.ja}>{text(line)}</span>
        ))}
      </dd>
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

/** The items: description (and the foreign amount with its rate), quantity, unit price in its currency, tax class, yen amount. */
export function LineTable({ document }: { document: BillingDocument }) {
  const { t } = useTranslation();
  const text = useDocumentText();
  return (
    <Lines aria-label={t('billingDocument.lines')}>
      <thead>
        <tr>
          {documentColumns.map((column) => (
            <th key={column} scope="col">
              {text(document.columns[column])}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {document.noLines && (
          <tr>
            <td colSpan={documentColumns.length}>{text(document.noLines)}</td>
          </tr>
        )}
        {document.lines.map((line) => (
          <tr key={line.index.ja}>
            <td className="center">{text(line.index)}</td>
            <td>
              {text(line.description)}
              {line.foreign && <span className="fx">{text(line.foreign)}</span>}
            </td>
            <td className="num">{text(line.quantity)}</td>
            <td className="num">{text(line.unitPrice)}</td>
            <td className="center">{text(line.taxClass)}</td>
            <td className="num">{text(line.amount)}</td>
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

/**
 * Subtotal and consumption tax per tax class (one rounding per class and document, as the
 * qualified-invoice rules require), the total, and when the issuer is an individual attorney the
 * withholding and the amount to transfer.
 */
export function TotalsBlock({ document }: { document: BillingDocument }) {
  const { t } = useTranslation();
  const text = useDocumentText();
  return (
    <TotalsLayout>
      <TotalsTable aria-label={t('billingDocument.totals')}>
        <tbody>
          {document.totals.map((row) => (
            <tr key={row.label.en} className={row.strong ? 'strong' : undefined}>
              <th scope="row">{text(row.label)}</th>
              <td>{text(row.amount)}</td>
            </tr>
          ))}
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

/** The titled blocks at the foot: bank account, withholding, the FX note, notes. */
export function DocumentSections({ document }: { document: BillingDocument }) {
  const text = useDocumentText();
  return document.sections.map((section) => (
    <Section key={section.kind} aria-label={text(section.heading)}>
      <h3>{text(section.heading)}</h3>
      <p>{text(section.body)}</p>
    </Section>
  ));
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
