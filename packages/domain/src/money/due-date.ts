/**
 * The default payment due date: the end of the month after the issue month (月末締め翌月末払い,
 * the usual B2B term in Japan). Computed on the date's parts, so no time zone can
 * move the day.
 */
export function defaultDueDate(issueDate: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(issueDate);
  if (!match) throw new RangeError(`not a YYYY-MM-DD date: ${issueDate}`);
  const year = Number(match[1]);
  const month = Number(match[2]); // 1-12: the issue month
  // Day 0 of the month after next (0-based month + 2) is the last day of the following month.
  const lastDay = new Date(Date.UTC(year, month + 1, 0));
  const y = String(lastDay.getUTCFullYear()).padStart(4, '0');
  const m = String(lastDay.getUTCMonth() + 1).padStart(2, '0');
  const d = String(lastDay.getUTCDate()).padStart(2, '0');
  return `${y}-${m}-${d}`;
}
