// How the burst section prints the key model (key-model.ts): the partitions purchases of one
// event write, scaled to an on-sale night, and the write capacity per operation.
import { partitionWriteLimit, type Cost, type KeyModelResult } from './key-model.ts';
import { table } from './table.ts';

export function printKeyModel(result: KeyModelResult, log: (line: string) => void) {
  log(
    `\nHot keys: the partitions purchases of one event write, from the code itself (write tap on the DynamoDB client, ${result.operations} purchases per path, each with its own customer), scaled to ${result.targetPerSecond.toLocaleString('en-US')} a second`,
  );
  for (const phase of result.phases) {
    log(
      `  ${phase.phase}: ${describe(phase.commands)} per operation; writes/s at ${result.targetPerSecond.toLocaleString('en-US')} operations/s`,
    );
    table(
      ['where', 'partition key (busiest shown)', 'partitions', 'writes/op', 'writes/s', 'WCU/s', 'checks/s'],
      phase.top.map((r) => [
        r.target,
        r.key,
        String(r.partitions),
        String(r.writesPerOperation),
        r.writesPerSecond.toLocaleString('en-US'),
        r.unitsPerSecond.toLocaleString('en-US'),
        r.checksPerSecond ? r.checksPerSecond.toLocaleString('en-US') : '',
      ]),
      [false, false, true, true, true, true, true],
    );
    const b = phase.busiest;
    log(
      `    busiest: ${b.target} ${b.key} at ${b.writesPerSecond.toLocaleString('en-US')} writes/s (limit ${partitionWriteLimit.toLocaleString('en-US')} a partition)`,
    );
  }
  log('  partitions: how many partitions show as that key (ids as <id>); writes/op and writes/s are those of the busiest of them.');
  log('  An index partition counts when the write changes its key, or an attribute it projects (ALL unless table.ts says otherwise).');

  log("\nWrite capacity per operation (table and indexes): by DynamoDB's pricing rules, and as DynamoDB Local reports it");
  const names = [
    ...new Set(result.phases.flatMap((p) => [...Object.keys(p.cost.reported.indexes), ...Object.keys(p.cost.rules.indexes)])),
  ].sort();
  const cells = (cost: Cost['rules']) => [String(cost.total), String(cost.table), ...names.map((n) => String(cost.indexes[n] ?? 0))];
  table(
    ['operation', 'figures', 'total WCU', 'table', ...names],
    result.phases.flatMap((p) => [
      [p.phase, "DynamoDB's rules (transactions 2x)", ...cells(p.cost.rules)],
      ['', 'as DynamoDB Local reports', ...cells(p.cost.reported)],
    ]),
    [false, false, true, true, ...names.map(() => true)],
  );
  log(
    "  Rules: computed here from each item's size before and after the write (1 WCU per started KB; an index entry on its projected size, when the write touches it; transactional writes 2x).",
  );
  log(
    '  DynamoDB Local reports the table and each index, transactions at 2x, but within one TransactWriteItems it counts items of the same cost only once',
  );
  log(
    "  (measured: 8 small Puts, 2 WCU, where DynamoDB charges 16), so its figures for transactions are low; the budget takes DynamoDB's rules.",
  );
  const checks = result.phases.filter((p) => p.checks > 0);
  if (checks.length)
    log(
      `  ConditionChecks (no write; priced 0 above, DynamoDB Local charges none): ${checks.map((p) => `${p.checks} per ${p.phase}`).join('; ')}.`,
    );
}

const describe = (commands: Record<string, number>) =>
  Object.entries(commands)
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([name, n]) => `${n} ${name}`)
    .join(' + ') || 'no writes';
