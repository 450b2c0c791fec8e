/** Up to two capital initials of a name ('Ada Lovelace' -> 'AL', 'plato' -> 'PL'). */
export function initials(name: string | null | undefined, fallback = '') {
  const words = (name ?? '').trim().split(/\s+/).filter(Boolean);
  if (words.length === 0) return fallback;
  const letters = words.length === 1 ? words[0]!.slice(0, 2) : `${words[0]![0]}${words[1]![0]}`;
  return letters.toUpperCase();
}

/** What the customers search looks in (SPEC: name, email and phone), stored lower-cased. */
export function customerSearchText(fields: { name: string; email: string; phone?: string | null }) {
  return [fields.name, fields.email, fields.phone ?? ''].join('\n').toLowerCase();
}

export const phoneDigits = (phone: string | null | undefined) => (phone ?? '').replace(/\D/g, '');

/**
 * The digits to look for in phone numbers when a search term reads like a phone number
 * ('(555) 010' finds '555-010-...'): at least three digits and nothing but phone punctuation.
 */
export function phoneSearchDigits(term: string) {
  const digits = phoneDigits(term);
  return digits.length >= 3 && /^[\d\s()+.-]+$/.test(term) ? digits : null;
}
