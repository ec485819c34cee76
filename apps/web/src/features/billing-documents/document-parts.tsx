import type { BillingDocument, DocumentText } from '@ipportal/domain';
import styled, { createGlobalStyle } from 'styled-components';
import { useDocumentText } from './document-text';

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
