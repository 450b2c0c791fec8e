/** Money is integer cents inside the system; '$12.34' text or dollars at the edges. */

/**
 * Dollars with at most 2 decimals. A comma only separates thousands, in groups of three before
 * the point: '1,50' is a euro-style $1.50 to one person and $150 to another, so it is refused
 * rather than guessed ('1,234.56' and '1234.56' are the same amount; '1,5', '12,34.5' are not one).
 */
const dollarText = /^\$?\s*(\d{1,9}|[1-9]\d{0,2}(?:,\d{3}){1,2})(?:\.(\d{1,2}))?$/;

/** '$12.34', '12.34', '1,234.5', '12' or 12.34 -> cents; null when it is not a non-negative amount with at most 2 decimals. */
export function parseAmountToCents(value: string | number): number | null {
  if (typeof value === 'number') {
    if (!Number.isFinite(value) || value < 0) return null;
    const cents = Math.round(value * 100);
    return Math.abs(cents - value * 100) < 1e-6 ? cents : null;
  }
  const match = dollarText.exec(value.trim());
  if (!match) return null;
  return Number(match[1]!.replace(/,/g, '')) * 100 + Number((match[2] ?? '0').padEnd(2, '0'));
}

/** 1234 -> '$12.34' */
export function formatCents(cents: number) {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  return `${sign}$${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/** 1234 -> 12.34 */
export const centsToDollars = (cents: number) => Math.round(cents) / 100;

/** The $ text of SPEC §7 summed the way the transactions page does: strip '$', add up. */
export function sumAmountTexts(amounts: readonly string[]) {
  return amounts.reduce((sum, amount) => sum + (parseAmountToCents(amount) ?? 0), 0);
}
