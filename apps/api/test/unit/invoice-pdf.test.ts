import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pdfFonts, renderInvoicePdf } from '../../src/documents/index.js';
import { sampleInvoice } from '../support/invoice-sample.js';

const hasPoppler = spawnSync('pdftotext', ['-v']).status === 0;
let dir: string;

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'invoice-pdf-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

/** The PDF's page count from its page tree (the /Count of the root /Pages). */
function pageCount(pdf: Buffer): number {
  const counts = [...pdf.toString('latin1').matchAll(/\/Type \/Pages\s*\/Count (\d+)/g)].map((m) =>
    Number(m[1]),
  );
  return Math.max(...counts);
}

async function textOf(pdf: Buffer, name: string): Promise<string> {
  const file = path.join(dir, `${name}.pdf`);
  await writeFile(file, pdf);
  return execFileSync('pdftotext', ['-layout', '-enc', 'UTF-8', file, '-'], { encoding: 'utf8' });
}

describe('renderInvoicePdf', () => {
  it('renders a PDF with the Noto Sans JP fonts embedded, the same bytes every time', async () => {
    const input = sampleInvoice(3);
    const first = await renderInvoicePdf(input);
    const second = await renderInvoicePdf(structuredClone(input));
    expect(first.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(first.toString('latin1')).toContain('NotoSansJP-Regular');
    expect(first.toString('latin1')).toContain('NotoSansJP-Bold');
    expect(first.equals(second)).toBe(true);
    expect(pageCount(first)).toBe(1);
    // Subset fonts: the whole 5.5 MB TTFs must not end up in the file.
    expect(first.length).toBeLessThan(200_000);
  });

  it('reads the font files once per process', async () => {
    const fonts = await pdfFonts();
    expect(await pdfFonts()).toBe(fonts);
    expect(fonts.regular.length).toBeGreaterThan(1_000_000);
  });

  it('flows a 30-line invoice onto a second page', async () => {
    expect(pageCount(await renderInvoicePdf(sampleInvoice(30)))).toBe(2);
  });

  it.runIf(hasPoppler)('prints the qualified-invoice items and the totals (pdftotext)', async () => {
    const input = sampleInvoice(30);
    const text = await textOf(await renderInvoicePdf(input), 'thirty');
    const { totals } = input;
    const yen = (n: number) => `¥${n.toLocaleString('en-US')}`;
    for (const expected of [
      '請求書 / INVOICE',
      '登録番号 / Registration No.',
      'T1234567890123',
      '株式会社サンプル電機 御中',
      '2026年11月26日 / 2026-11-26',
      '課税10%',
      '不課税',
      '源泉徴収税額',
      '差引ご請求額 / Amount to transfer',
      yen(totals.total),
      yen(totals.tax),
      `−${yen(totals.withholding)}`,
      yen(totals.amountToTransfer),
      'USD 1,234.56',
    ])
      expect(text).toContain(expected);
    // pdftotext closes up the small gaps around the slash of the page numbers.
    expect(text).toMatch(/1\s*\/\s*2/);
    expect(text).toMatch(/2\s*\/\s*2/);
    // The table header is repeated on the second page.
    const secondPage = text.split('\f')[1] ?? '';
    expect(secondPage).toContain('Description');
    expect(secondPage).toContain('（続き / continued）');
  });

  it.runIf(hasPoppler)(
    "keeps the account holder's kana on one line, breaking the bank account only between its parts",
    async () => {
      const input = sampleInvoice(3);
      const holder = 'ヤマダトッキョジムショカブシキガイシャ';
      input.issuer.bankAccount = `三菱ＵＦＪ銀行 東京営業部 普通 1234567 ${holder}\nMUFG Bank, Tokyo Branch, Ordinary 1234567`;
      const lines = (await textOf(await renderInvoicePdf(input), 'kana-holder')).split('\n');
      expect(lines.filter((line) => line.includes(holder))).toHaveLength(1);
      for (const part of ['三菱ＵＦＪ銀行', '東京営業部', '1234567']) {
        expect(
          lines.some((line) => line.includes(part)),
          part,
        ).toBe(true);
      }
    },
  );

  it.skipIf(hasPoppler)('pdftotext is not installed: the text of the PDF was NOT checked', () => {
    console.warn('invoice-pdf.test: pdftotext (poppler-utils) missing; text assertions skipped');
  });

  it('a credit note names the invoice it corrects; without withholding there is no transfer line', async () => {
    const input = sampleInvoice(2, { kind: 'creditNote', correctsInvoiceNumber: 'INV-2026-000100' });
    input.totals = {
      ...input.totals,
      withholdingBase: 0,
      withholding: 0,
      amountToTransfer: input.totals.total,
    };
    const pdf = await renderInvoicePdf(input);
    expect(pageCount(pdf)).toBe(1);
    if (!hasPoppler) return;
    const text = await textOf(pdf, 'credit');
    expect(text).toContain('適格返還請求書 / CREDIT NOTE');
    expect(text).toContain('INV-2026-000100');
    expect(text).not.toContain('差引ご請求額');
  });

  it.runIf(hasPoppler)(
    "prints the issuer's stored number (E.164) in the Japanese domestic form",
    async () => {
      const input = sampleInvoice(1);
      input.issuer = { ...input.issuer, phoneNumber: '+81352123456' };
      const text = await textOf(await renderInvoicePdf(input), 'phone');
      expect(text).toContain('TEL 03-5212-3456');
    },
  );
});
