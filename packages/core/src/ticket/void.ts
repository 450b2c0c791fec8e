import type { Db } from '../db/client.ts';
import { keys } from '../db/keys.ts';
import type { TransactItem } from '../db/write.ts';
import type { TicketInfo } from '../order/order.schema.ts';
import { inField, perType, ticketCounterAdd, validField } from './counters.ts';
import { getCodeItem } from './ticket.repo.ts';

/**
 * An order's tickets made void (it failed, or was refunded in full), in the change's own
 * transaction: its code item marked (a check-in is refused from then on), and the event's door
 * counts less its tickets, and less those of them checked in, exactly as its code item counts them
 * (conditional on those counts, which every check-in and undo of the order moves: a racing one
 * makes the change read again). The tickets keep their check-in times.
 */
export async function voidWrites(db: Db, order: { eventId: string; codePrefix: string }): Promise<TransactItem[]> {
  const codes = await getCodeItem(db, order.codePrefix);
  if (!codes || codes.voidedAt) return [];
  const tickets = (codes.tickets ?? []) as TicketInfo[];
  const typeIds = [...new Set(tickets.map((t) => t.ticketTypeId))];
  const seen = typeIds.map((id) => Number(codes[inField(id)] ?? 0));
  const add: Record<string, number> = { ...perType(tickets, -1, validField) };
  typeIds.forEach((id, i) => {
    if (seen[i]) add[inField(id)] = -seen[i]!;
  });
  const counter = ticketCounterAdd(order.eventId, add);
  return [
    {
      Update: {
        Key: keys.ticketCodes(order.codePrefix),
        UpdateExpression: 'SET voidedAt = :now',
        ConditionExpression: [
          'attribute_exists(pk) AND attribute_not_exists(voidedAt)',
          ...typeIds.map((_, i) => (codes[inField(typeIds[i]!)] === undefined ? `attribute_not_exists(#in${i})` : `#in${i} = :in${i}`)),
        ].join(' AND '),
        ExpressionAttributeNames: Object.fromEntries(typeIds.map((id, i) => [`#in${i}`, inField(id)])),
        ExpressionAttributeValues: {
          ':now': new Date().toISOString(),
          ...Object.fromEntries(typeIds.flatMap((id, i) => (codes[inField(id)] === undefined ? [] : [[`:in${i}`, seen[i]]]))),
        },
      },
    },
    ...(counter ? [counter] : []),
  ];
}
