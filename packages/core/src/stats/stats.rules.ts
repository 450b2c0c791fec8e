/** Conversion of an event: completed purchases / page views x 100, 0 without views, in thousandths of a percent. */
export function conversionMilli(completedPurchases: number, pageViews: number) {
  if (pageViews <= 0) return 0;
  return Math.round((completedPurchases / pageViews) * 100_000);
}

/**
 * An event's conversion as shown, rounded once from the exact ratio to a tenth of a percent
 * (through conversionMilli it would be rounded twice: 3.1496 % to 3.150 to 3.2 %).
 */
export function conversionPercent(completedPurchases: number, pageViews: number) {
  return pageViews > 0 ? `${Math.round((completedPurchases / pageViews) * 1000) / 10}%` : '0%';
}

/** 12500 -> '12.5%', 12000 -> '12%' */
export function formatConversion(milli: number) {
  return `${roundTo(milli / 1000, 1)}%`;
}

/** '12.5%' -> 12.5; anything unparseable -> 0 (SPEC §2). */
export function parseConversionRate(rate: string | null | undefined) {
  const value = Number.parseFloat(String(rate ?? ''));
  return Number.isFinite(value) ? value : 0;
}

/** Width of a top-event progress bar, in percent: parsed rate x 6 (SPEC §9), capped at 100. */
export const conversionBarMultiplier = 6;
export function conversionBarWidth(rate: string | null | undefined) {
  return Math.min(100, Math.max(0, parseConversionRate(rate) * conversionBarMultiplier));
}

export function roundTo(value: number, decimals: number) {
  const factor = 10 ** decimals;
  return Math.round(value * factor) / factor;
}
