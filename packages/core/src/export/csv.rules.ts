/**
 * One CSV cell (RFC 4180): quoted when it holds a comma, a quote or a line break, quotes doubled.
 * A text that a spreadsheet would run as a formula (starting with =, +, -, @, tab or carriage
 * return) gets a leading ' first (OWASP's CSV injection advice). Numbers are written as they are.
 */
export function csvCell(value: string | number | null | undefined) {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') return String(value);
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/** One CSV record, CRLF-terminated as RFC 4180 writes them. */
export const csvRow = (cells: readonly (string | number | null | undefined)[]) => `${cells.map(csvCell).join(',')}\r\n`;

/** Integer cents as a plain decimal a spreadsheet sums: 1234 -> '12.34', -5 -> '-0.05'. */
export function plainDecimal(cents: number) {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(Math.round(cents));
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}
