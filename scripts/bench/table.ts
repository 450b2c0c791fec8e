// What every bench section prints with: its tables, and its budgets (a figure an issue bounds,
// marked pass or FAIL). No section imports another's printing.

export interface Budget {
  name: string;
  pass: boolean;
  detail: string;
}

const log = (line: string) => console.log(line);

/** 1000 -> '1k' */
export const label = (size: number) => (size >= 1000 ? `${size / 1000}k` : String(size));

/** A plain-text table, each column padded (to the right where `right` says so). */
export function table(headers: string[], rows: string[][], right: boolean[]) {
  const widths = headers.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  const line = (cells: string[]) =>
    '  ' +
    cells
      .map((c, i) => (right[i] ? c.padStart(widths[i]!) : c.padEnd(widths[i]!)))
      .join('  ')
      .trimEnd();
  log(line(headers));
  log(line(widths.map((w) => '-'.repeat(w))));
  for (const r of rows) log(line(r));
}

export function printBudgets(budgets: Budget[]) {
  if (budgets.length === 0) return;
  log('\nBudgets');
  for (const b of budgets) log(`  [${b.pass ? 'pass' : 'FAIL'}] ${b.name}: ${b.detail}`);
}
