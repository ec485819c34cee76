/**
 * Dates and money on documents. A stored document serves both languages, so each value is
 * printed once in a form both read: dates as "2026年11月26日 / 2026-11-26", yen as "¥1,234,567".
 */
const grouped = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });

export function documentDate(iso: string): string {
  const [y, m, d] = iso.split('-').map(Number) as [number, number, number];
  return `${y}年${m}月${d}日 / ${iso}`;
}

/** ¥ and grouped digits; a negative amount as "−¥10,210". */
export function documentYen(amount: number): string {
  const text = `¥${grouped.format(Math.abs(amount))}`;
  return amount < 0 ? `−${text}` : text;
}

/** A decimal string with grouped integer digits, its decimals kept as given ('1234.50' → '1,234.50'). */
export function groupedDecimal(value: string): string {
  const negative = value.startsWith('-');
  const [integer = '0', fraction] = (negative ? value.slice(1) : value).split('.');
  const digits = integer.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${negative ? '−' : ''}${digits}${fraction === undefined ? '' : `.${fraction}`}`;
}
