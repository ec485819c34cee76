import { documentColumns, type BillingDocument } from './billing-document.js';
import type { DocumentFace, DocumentText } from './document-text.js';

/**
 * Every text of `document` on one face, in the page's reading order (the PDF sets the facts
 * beside the recipient): what the PDF (face `both`) or the page (`ja`, `en`) must show, and all
 * it may show besides its page furniture (page numbers, the continuation line of a further PDF
 * page, a page's status stamp). The tests of both renderers compare their output with this list.
 */
export function documentTexts(document: BillingDocument, face: DocumentFace): string[] {
  const texts: (DocumentText | null)[] = [
    document.title,
    document.subtitle,
    ...document.facts.flatMap((fact) => [fact.label, fact.value]),
    document.recipient.name,
    document.recipient.nameEn,
    document.recipient.address,
    document.greeting,
    document.amountDue.label,
    document.amountDue.value,
    document.issuer.name,
    document.issuer.nameEn,
    document.issuer.address,
    document.issuer.phone,
    document.issuer.email,
    document.issuer.registration,
    document.subject?.label ?? null,
    ...(document.subject?.lines ?? []),
    ...documentColumns.map((column) => document.columns[column]),
    ...document.lines.flatMap((line) => [
      line.index,
      line.description,
      line.foreign,
      line.quantity,
      line.unitPrice,
      line.taxClass,
      line.amount,
    ]),
    document.noLines,
    ...document.totals.flatMap((row) => [row.label, row.amount]),
    ...document.sections.flatMap((section) => [section.heading, section.body]),
  ];
  return texts.filter((text): text is DocumentText => text !== null).map((text) => text[face]);
}
