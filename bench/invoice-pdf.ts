/**
 * Invoice PDF rendering (benchmark). Renders a 30-line invoice of an individual patent
 * attorney (apps/api/test/support/invoice-sample.ts: fees, stamps, a US agent's bill in dollars,
 * a discount, withholding; two pages) with renderInvoicePdf in this process: the first render,
 * which reads the two Noto Sans JP TTFs (about 5.5 MB each) from the installed package, then
 * BENCH_RENDERS more with the fonts in memory: median, p95, max and the CPU per render.
 * Target: at most 300 ms per render after the first.
 *
 * Run: pnpm --filter @ipportal/api bench:invoice-pdf
 * Env: BENCH_RENDERS (default 50), BENCH_LINES (default 30).
 */
import { printFigures } from './lib/report.js';

interface ApiModules {
  renderInvoicePdf: (input: unknown) => Promise<Buffer>;
  sampleInvoice: (lines: number) => unknown;
}

const renders = Number(process.env.BENCH_RENDERS ?? 50);
const lineCount = Number(process.env.BENCH_LINES ?? 30);
const targetMs = 300;

/** Imported by URL so that this package's typecheck does not take in the API's sources. */
async function apiModules(): Promise<ApiModules> {
  const api = new URL('../apps/api/', import.meta.url).href;
  const [documents, sample] = (await Promise.all([
    import(`${api}src/documents/index.js`),
    import(`${api}test/support/invoice-sample.js`),
  ])) as [Pick<ApiModules, 'renderInvoicePdf'>, Pick<ApiModules, 'sampleInvoice'>];
  return { ...documents, ...sample };
}

function percentile(sorted: readonly number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN;
}

const { renderInvoicePdf, sampleInvoice } = await apiModules();
const input = sampleInvoice(lineCount);

const firstStart = performance.now();
const firstPdf = await renderInvoicePdf(input);
const firstMs = performance.now() - firstStart;

const times: number[] = [];
const cpuStart = process.cpuUsage();
for (let i = 0; i < renders; i++) {
  const start = performance.now();
  const pdf = await renderInvoicePdf(input);
  times.push(performance.now() - start);
  // Every render of the same input must give the same bytes, or the stored PDF cannot be checked.
  if (!pdf.equals(firstPdf)) throw new Error(`render ${i + 2} differs from the first`);
}
const cpu = process.cpuUsage(cpuStart);
const sorted = [...times].sort((a, b) => a - b);
const p95 = percentile(sorted, 95);

printFigures(
  `invoice PDF, ${lineCount} lines, ${renders} renders after the first (node ${process.version})`,
  [
    { name: 'first render (font files read)', value: firstMs, unit: 'ms' },
    { name: 'median after the first', value: percentile(sorted, 50), unit: 'ms' },
    {
      name: 'p95 after the first',
      value: p95,
      unit: 'ms',
      target: { text: `<= ${targetMs} ms`, met: p95 <= targetMs },
    },
    {
      name: 'max after the first',
      value: sorted.at(-1) ?? Number.NaN,
      unit: 'ms',
      target: { text: `<= ${targetMs} ms`, met: (sorted.at(-1) ?? Infinity) <= targetMs },
    },
    { name: 'CPU per render', value: (cpu.user + cpu.system) / 1000 / renders, unit: 'ms' },
    { name: 'PDF size', value: Math.round(firstPdf.length / 1024), unit: 'KB' },
  ],
);
