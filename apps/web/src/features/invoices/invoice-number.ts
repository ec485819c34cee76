import type { TFunction } from 'i18next';

/**
 * An invoice number as a client reads it: with its issuer, 「INV2026-0001（山田特許事務所）」.
 * Each office numbers its invoices in its own series, so a client of two offices can hold two
 * invoices of the same number; the issuer tells them apart.
 */
export function invoiceNumberWithIssuer(t: TFunction, number: string | null, issuer: string): string {
  return t('invoices.numberWithIssuer', { number: number ?? '', issuer });
}
