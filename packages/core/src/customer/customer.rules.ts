/** Up to two capital initials of a name ('Ada Lovelace' -> 'AL', 'plato' -> 'PL'). */
export function initials(name: string | null | undefined, fallback = '') {
  const words = (name ?? '').trim().split(/\s+/).filter(Boolean);
  if (words.length === 0) return fallback;
  const letters = words.length === 1 ? words[0]!.slice(0, 2) : `${words[0]![0]}${words[1]![0]}`;
  return letters.toUpperCase();
}
