/**
 * Counts and dollars written exactly as Intl writes them in en-US ('1,234', '$1,234',
 * '-$1,234.50'), without Intl: the first Intl formatter a page makes loads the locale's data,
 * tens of milliseconds (and four times that on a slow phone) while a screen is first drawn.
 * Intl rounds half away from zero on the number's shortest decimal form (1.005 -> 1.01), and so
 * does this. Anything unusual (not finite, in exponent form) goes to Intl after all.
 * tests/unit/numbers.test.ts holds both to Intl's answers.
 */

/** `abs` (>= 0) rounded to `digits` decimals, as digit strings; null when its shortest form has an exponent. */
function decimal(abs: number, digits: number): { whole: string; fraction: string } | null {
  const text = String(abs);
  if (!/^\d+(\.\d+)?$/.test(text)) return null;
  const [whole, fraction = ''] = text.split('.') as [string, string?];
  let units = BigInt(whole + fraction.slice(0, digits).padEnd(digits, '0'));
  if ((fraction[digits] ?? '0') >= '5') units += 1n;
  const all = units.toString().padStart(digits + 1, '0');
  return { whole: all.slice(0, all.length - digits), fraction: all.slice(all.length - digits) };
}

const group = (digits: string) => digits.replace(/\B(?=(\d{3})+$)/g, ',');
const negative = (n: number) => n < 0 || Object.is(n, -0);

/** What `n.toLocaleString('en-US')` writes: '1,234', '-0.5', '1,234.568' (at most 3 decimals). */
export function formatCount(n: number): string {
  const parts = Number.isFinite(n) ? decimal(Math.abs(n), 3) : null;
  if (!parts) return n.toLocaleString('en-US');
  const fraction = parts.fraction.replace(/0+$/, '');
  return `${negative(n) ? '-' : ''}${group(parts.whole)}${fraction ? `.${fraction}` : ''}`;
}

/** What Intl's en-US USD currency format writes with `digits` decimals: '$1,235', '-$0.50'. */
export function formatDollars(dollars: number, digits: 0 | 2): string {
  const parts = Number.isFinite(dollars) ? decimal(Math.abs(dollars), digits) : null;
  if (!parts) {
    const options = { style: 'currency', currency: 'USD', minimumFractionDigits: digits, maximumFractionDigits: digits } as const;
    return new Intl.NumberFormat('en-US', options).format(dollars);
  }
  return `${negative(dollars) ? '-' : ''}$${group(parts.whole)}${digits ? `.${parts.fraction}` : ''}`;
}
