import type { dealStatuses, invoiceStatuses } from '@ipportal/domain';
import { dayInJapan, type DealSummary, type TaxClass } from '@ipportal/domain';
import { csvFile } from '../csv/writer.js';
import type { InvoiceListItem } from '../repositories/billing/invoice-rows.js';

/*
 * CSV exports of estimates and invoices (電子帳簿保存法: searchable by date, amount and
 * counterparty; accountants import them). UTF-8 with a BOM (Excel and the importers of freee and
 * Money Forward read the encoding from it), CRLF line ends, every field quoted, dates as
 * YYYY/MM/DD, money as whole yen without separators; text that a spreadsheet would run as a formula
 * is guarded (all of it by the one writer, csv/writer.ts). Headers are Japanese: the accounting
 * software maps columns by these names.
 *
 * The invoice columns follow freee's 取引インポート (収支区分, 管理番号, 発生日, 決済期日,
 * 取引先, 税区分ごとの金額, 税額, 備考) and Money Forward's 売上 import (取引日, 請求書番号,
 * 取引先, 金額, 消費税): one row per invoice, with the amount of each tax class in its own column
 * (課税10% / 非課税 / 不課税), so the accountant maps each to an account and tax code once.
 * 収支区分 is 収入 for the office that issued, 支出 for the client that pays. Credit notes are
 * negative amounts; void invoices stay in the file with their status, so numbers have no gaps.
 */

const slashDate = (date: string | null) => (date ? date.replaceAll('-', '/') : '');
const tokyoDate = (iso: string | null) => (iso ? dayInJapan(new Date(iso)).replaceAll('-', '/') : '');

const dealStatusJa: Record<(typeof dealStatuses.values)[number], string> = {
  draft: '下書き',
  sent: '送付済み',
  accepted: '承諾',
  declined: '辞退',
  withdrawn: '取下げ',
  superseded: '改訂により失効',
  expired: '期限切れ',
};

const invoiceStatusJa: Record<(typeof invoiceStatuses.values)[number], string> = {
  draft: '下書き',
  issued: '発行済み',
  paid: '入金済み',
  void: '無効',
};

export const invoiceCsvHeader = [
  '収支区分',
  '請求書番号',
  '種別',
  '発行日',
  '取引日',
  '決済期日',
  '取引先',
  '件名',
  '整理番号',
  '課税10%対象額',
  '消費税額(10%)',
  '非課税額',
  '不課税額',
  '税込合計',
  '源泉徴収税額',
  '差引請求額',
  '入金済額',
  '未入金残高',
  '状態',
] as const;

function classAmount(item: InvoiceListItem, taxClass: TaxClass, part: 'subtotal' | 'tax'): number {
  return item.byTaxClass.find((entry) => entry.taxClass === taxClass)?.[part] ?? 0;
}

export function invoicesCsv(items: readonly InvoiceListItem[], side: 'office' | 'client'): Buffer {
  return csvFile(
    invoiceCsvHeader,
    items.map((item) => [
      side === 'office' ? '収入' : '支出',
      item.number ?? '',
      item.kind === 'creditNote' ? '返還請求書' : '請求書',
      slashDate(item.issueDate),
      slashDate(item.transactionDate),
      slashDate(item.dueDate),
      side === 'office' ? item.client.name : item.firm.name,
      `${item.subject.requestName}`,
      item.subject.refrenceCode,
      classAmount(item, 'taxable10', 'subtotal'),
      classAmount(item, 'taxable10', 'tax'),
      classAmount(item, 'nonTaxable', 'subtotal'),
      classAmount(item, 'outOfScope', 'subtotal'),
      item.total,
      item.withholding,
      item.amountToTransfer,
      item.paidAmount,
      item.status === 'void' ? 0 : item.balance,
      item.overdue ? '期日超過' : invoiceStatusJa[item.status],
    ]),
  );
}

export const dealCsvHeader = [
  '見積番号',
  '版',
  '送付日',
  '有効期限',
  '取引先',
  '件名',
  '整理番号',
  '依頼',
  '小計',
  '消費税額',
  '合計',
  '状態',
] as const;

export function dealsCsv(
  items: readonly (DealSummary & { subtotal: number; tax: number })[],
  side: 'office' | 'client',
): Buffer {
  return csvFile(
    dealCsvHeader,
    items.map((item) => [
      item.number,
      item.version,
      tokyoDate(item.sentAt),
      slashDate(item.validUntil),
      side === 'office' ? item.client.name : item.firm.name,
      item.title,
      item.subject.refrenceCode,
      item.subject.requestName,
      item.subtotal,
      item.tax,
      item.total,
      dealStatusJa[item.status],
    ]),
  );
}
