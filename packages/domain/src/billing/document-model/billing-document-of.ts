import { parsePhoneNumberFromString } from 'libphonenumber-js/min';
import { taxClassLabel } from '../../money/tax-class.js';
import type {
  BillingDocument,
  DocumentFact,
  DocumentLine,
  DocumentSection,
  DocumentTotalRow,
} from './billing-document.js';
import { documentLabels as labels, versionLabel } from './document-labels.js';
import type {
  BillingDocumentInput,
  DocumentIssuerInput,
  DocumentLineInput,
  DocumentPartyInput,
  DocumentTotalsInput,
} from './document-input.js';
import { dateText, groupedDecimal, label, verbatim, yenText, type DocumentText } from './document-text.js';

/** Withholding shows when the issuer is an individual attorney whose fees are on the document. */
export function showsWithholding(totals: DocumentTotalsInput): boolean {
  return totals.withholdingBase !== 0 || totals.withholding !== 0;
}

function addressOf(party: DocumentPartyInput): DocumentText | null {
  const text = [party.postalCode ? `〒${party.postalCode}` : '', party.address ?? '']
    .filter(Boolean)
    .join(' ');
  return text ? verbatim(text) : null;
}

/**
 * A stored number (E.164) as people read it: a Japanese number in the domestic form on the
 * Japanese page and the PDF, hyphenated by its area code (03-5212-3456); internationally on the
 * English page and for other countries. A value that is not a number is printed as it is.
 */
function phoneText(value: string): DocumentText {
  const number = parsePhoneNumberFromString(value);
  if (!number) return { ja: `TEL ${value}`, en: `Tel. ${value}`, both: `TEL ${value}` };
  const domestic = number.country === 'JP' ? number.formatNational() : number.formatInternational();
  return { ja: `TEL ${domestic}`, en: `Tel. ${number.formatInternational()}`, both: `TEL ${domestic}` };
}

function registrationOf(issuer: DocumentIssuerInput, required: boolean): DocumentText | null {
  const number = issuer.qualifiedInvoiceNumber;
  if (!number) return required ? labels.noRegistrationNumber : null;
  const name = labels.registrationNumber;
  return { ja: `${name.ja} ${number}`, en: `${name.en} ${number}`, both: `${name.both}  ${number}` };
}

/** The second text of a foreign line: its amount in the currency and the rate that converted it. */
function foreignOf(line: DocumentLineInput): DocumentText | null {
  if (line.currency === 'JPY') return null;
  const amount = `${line.currency} ${groupedDecimal(line.foreignAmount ?? '0')}`;
  const rate = line.exchangeRate ?? '';
  const name = labels.foreignAmount;
  return {
    ja: `${name.ja}: ${amount}（1 ${line.currency} = ${rate}円）`,
    en: `${name.en}: ${amount} (1 ${line.currency} = JP¥${rate})`,
    both: `${name.both}: ${amount} × ${rate} JPY/${line.currency}`,
  };
}

function lineOf(line: DocumentLineInput, index: number): DocumentLine {
  const taxClass = taxClassLabel[line.taxClass];
  return {
    index: verbatim(String(index + 1)),
    description: verbatim(line.description),
    foreign: foreignOf(line),
    quantity: verbatim(groupedDecimal(line.quantity)),
    unitPrice:
      line.currency === 'JPY'
        ? yenText(Number(line.unitPrice))
        : verbatim(`${line.currency} ${groupedDecimal(line.unitPrice)}`),
    // The PDF's column is narrow: the Japanese class only, as Japanese invoices print it.
    taxClass: { ja: taxClass.ja, en: taxClass.en, both: taxClass.ja },
    amount: yenText(line.amountYen),
  };
}

/** The "per rate" items of a qualified invoice (消費税法 Art. 57-4(1)(v)): subtotal, then tax. */
function totalRows(totals: DocumentTotalsInput): DocumentTotalRow[] {
  const row = (name: DocumentText, amount: number, strong = false) => ({
    label: name,
    amount: yenText(amount),
    strong,
  });
  const rows = totals.byTaxClass.flatMap((entry) => {
    const name = taxClassLabel[entry.taxClass];
    if (entry.rate === 0) return [row(label(`${name.ja}対象`, `${name.en} subtotal`), entry.subtotal)];
    return [
      row(label(`${entry.rate}%対象`, `Subtotal at ${entry.rate}%`), entry.subtotal),
      row(label(`${entry.rate}%対象 消費税`, `Tax at ${entry.rate}%`), entry.tax),
    ];
  });
  rows.push(row(labels.subtotal, totals.subtotal));
  rows.push(row(labels.tax, totals.tax));
  rows.push(row(labels.total, totals.total, true));
  if (showsWithholding(totals)) {
    rows.push(row(labels.withholding, -totals.withholding));
    rows.push(row(labels.amountToTransfer, totals.amountToTransfer, true));
  }
  return rows;
}

function sectionsOf(input: BillingDocumentInput): DocumentSection[] {
  const sections: DocumentSection[] = [];
  if (input.kind !== 'estimate' && input.issuer.bankAccount)
    sections.push({
      kind: 'bankAccount',
      heading: labels.bankAccount,
      body: verbatim(input.issuer.bankAccount),
    });
  if (showsWithholding(input.totals))
    sections.push({ kind: 'withholding', heading: labels.withholdingHeading, body: labels.withholdingNote });
  if (input.fxNote) {
    const body = input.kind === 'estimate' ? labels.estimateFxNote : labels.invoiceFxNote;
    sections.push({ kind: 'fx', heading: labels.fxHeading, body });
  }
  if (input.notes) sections.push({ kind: 'notes', heading: labels.notes, body: verbatim(input.notes) });
  return sections;
}

function factsOf(input: BillingDocumentInput): DocumentFact[] {
  const facts: DocumentFact[] = [];
  if (input.number) facts.push({ label: labels.number[input.kind], value: verbatim(input.number) });
  if (input.kind === 'estimate') {
    facts.push({ label: labels.estimateDate, value: dateText(input.date) });
    if (input.validUntil) facts.push({ label: labels.validUntil, value: dateText(input.validUntil) });
    return facts;
  }
  if (input.issueDate) facts.push({ label: labels.issueDate, value: dateText(input.issueDate) });
  facts.push({ label: labels.transactionDate, value: dateText(input.transactionDate) });
  facts.push({ label: labels.dueDate, value: dateText(input.dueDate) });
  if (input.correctsInvoiceNumber)
    facts.push({ label: labels.correctsInvoice, value: verbatim(input.correctsInvoiceNumber) });
  return facts;
}

function subtitleOf(input: BillingDocumentInput): DocumentText | null {
  if (input.kind === 'estimate') return input.version > 1 ? versionLabel(input.version) : null;
  return input.kind === 'invoice' && input.issuer.qualifiedInvoiceNumber ? labels.qualifiedInvoice : null;
}

function subjectOf(input: BillingDocumentInput): BillingDocument['subject'] {
  const { subject } = input;
  if (!subject) return null;
  const request = labels.request;
  const requestTail = ` #${subject.requestNumber}  ${subject.requestName}`;
  const lines = [
    ...(input.kind === 'estimate' ? [verbatim(input.title)] : []),
    verbatim(`${subject.refrenceCode}  ${subject.projectTitle}`),
    {
      ja: `${request.ja}${requestTail}`,
      en: `${request.en}${requestTail}`,
      both: `${request.both}${requestTail}`,
    },
  ];
  return { label: labels.subject, lines };
}

/**
 * The document an estimate, invoice or credit note prints: what is shown, in which order, with
 * which words and in which number and date forms. The PDF stored at issue and the print page are
 * both drawn from it (see `BillingDocument`).
 */
export function billingDocumentOf(input: BillingDocumentInput): BillingDocument {
  const title = labels.title[input.kind];
  const { issuer, recipient, totals } = input;
  const amount = showsWithholding(totals) ? totals.amountToTransfer : totals.total;
  const continued = labels.continued;
  const number = input.number ?? '';
  return {
    title,
    subtitle: subtitleOf(input),
    number: input.number,
    recipient: {
      name: verbatim(`${recipient.name} ${labels.honorific}`),
      nameEn: recipient.nameEn ? verbatim(recipient.nameEn) : null,
      address: addressOf(recipient),
    },
    greeting: labels.greeting[input.kind],
    amountDue: { label: labels.amountDue[input.kind], value: yenText(amount) },
    facts: factsOf(input),
    issuer: {
      name: verbatim(issuer.name),
      nameEn: issuer.nameEn ? verbatim(issuer.nameEn) : null,
      address: addressOf(issuer),
      phone: issuer.phoneNumber ? phoneText(issuer.phoneNumber) : null,
      email: issuer.email ? verbatim(issuer.email) : null,
      registration: registrationOf(issuer, input.kind !== 'estimate'),
    },
    subject: subjectOf(input),
    columns: labels.column,
    lines: input.lines.map(lineOf),
    noLines: input.lines.length === 0 ? labels.noLines : null,
    totals: totalRows(totals),
    sections: sectionsOf(input),
    continuation: {
      ja: `${title.ja} ${number}（${continued.ja}）`,
      en: `${title.en} ${number} (${continued.en})`,
      both: `${title.both} ${number}（${continued.both}）`,
    },
  };
}
