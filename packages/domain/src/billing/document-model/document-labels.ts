import { label, paragraph, type DocumentText } from './document-text.js';

/** A document's name; the PDF's heading sets the English in capitals ("請求書 / INVOICE"). */
function title(ja: string, en: string): DocumentText {
  return { ja, en, both: `${ja} / ${en.toUpperCase()}` };
}

/** Every fixed text of the billing documents, in both languages (the faces in document-text.ts). */
export const documentLabels = {
  title: {
    invoice: title('請求書', 'Invoice'),
    creditNote: title('適格返還請求書', 'Credit note'),
    estimate: title('御見積書', 'Estimate'),
  },
  qualifiedInvoice: label('適格請求書', 'Qualified invoice'),
  number: {
    invoice: label('請求書番号', 'Invoice No.'),
    creditNote: label('返還請求書番号', 'Credit note No.'),
    estimate: label('見積番号', 'Estimate No.'),
  },
  amountDue: {
    invoice: label('ご請求金額', 'Amount due'),
    creditNote: label('返還額', 'Amount credited'),
    estimate: label('御見積金額', 'Estimated amount'),
  },
  greeting: {
    invoice: label('下記のとおりご請求申し上げます。', 'Please find our invoice below.'),
    creditNote: label('下記のとおり返還いたします。', 'We credit you as follows.'),
    estimate: label(
      '下記のとおりお見積り申し上げます。',
      'We are pleased to submit our estimate as follows.',
    ),
  },
  issueDate: label('発行日', 'Issue date'),
  // The wording of 消費税法 Art. 57-4(1)(ii): 課税資産の譲渡等を行った年月日.
  transactionDate: label('取引年月日', 'Transaction date'),
  dueDate: label('お支払期限', 'Due date'),
  correctsInvoice: label('訂正対象', 'Corrects invoice'),
  estimateDate: label('見積日', 'Estimate date'),
  validUntil: label('有効期限', 'Valid until'),
  honorific: '御中',
  registrationNumber: label('登録番号', 'Registration No.'),
  noRegistrationNumber: label('登録番号の記載なし', 'No registration number given'),
  subject: label('件名', 'Subject'),
  request: label('依頼', 'Request'),
  continued: label('続き', 'continued'),
  column: {
    index: { ja: 'No.', en: 'No.', both: 'No.' },
    description: paragraph('内容', 'Description'),
    quantity: paragraph('数量', 'Qty'),
    unitPrice: paragraph('単価', 'Unit price'),
    taxClass: paragraph('税区分', 'Tax'),
    amount: paragraph('金額（円）', 'Amount (JPY)'),
  },
  noLines: label('明細がありません', 'No items'),
  foreignAmount: label('外貨金額', 'Foreign amount'),
  subtotal: label('小計', 'Subtotal'),
  tax: label('消費税合計', 'Total consumption tax'),
  total: label('合計', 'Total'),
  withholding: label('源泉徴収税額', 'Withholding income tax'),
  // The Japanese page glosses the term as Japanese invoices do; on the PDF the English does that.
  amountToTransfer: {
    ja: '差引ご請求額（お振込金額）',
    en: 'Amount to transfer',
    both: '差引ご請求額 / Amount to transfer',
  },
  bankAccount: label('お振込先', 'Bank account'),
  withholdingHeading: label('源泉徴収', 'Withholding'),
  withholdingNote: paragraph(
    '源泉徴収税額は、消費税・官庁費用・外国費用を除く報酬額に対して計算しています（所得税法第204条・第205条）。',
    'Withholding income tax is computed on the fees without consumption tax, official fees and foreign costs.',
  ),
  fxHeading: label('外貨建て費用', 'Foreign-currency items'),
  invoiceFxNote: paragraph(
    '外貨建ての項目は記載の為替レートで円換算しています。官庁費用および為替レートは変動することがあります。',
    'Foreign-currency items are converted at the rates shown. Official fees and exchange rates may change.',
  ),
  estimateFxNote: paragraph(
    '外貨建ての明細は記載のレートで円に換算しています。官庁費用や為替レートは変わることがあり、ご請求額が異なる場合があります。',
    'Foreign-currency items are converted to yen at the rate shown. Official fees and exchange rates may change, so the amount invoiced may differ.',
  ),
  notes: label('備考', 'Notes'),
} as const satisfies Record<string, unknown>;

export type DocumentKind = keyof typeof documentLabels.title;

/** An estimate's version after the first: "第2版" / "Version 2". */
export function versionLabel(version: number): DocumentText {
  return label(`第${version}版`, `Version ${version}`);
}
