import type { Db } from '../db/client.ts';
import { keys } from '../db/keys.ts';
import { forEachLimited, updateIf } from '../db/write.ts';
import type { TicketInfo } from '../order/order.schema.ts';
import { getCodeItem, ticketSearchText } from './ticket.repo.ts';

/**
 * An erased customer's order: each ticket's record without its attendee (name, e-mail, and the
 * search text holding them). Answers the tickets' ids and the attendee texts that were on them,
 * so the caller can scrub the tickets' history too (before the code item's copy is scrubbed).
 */
export async function eraseTicketRecords(db: Db, prefix: string) {
  const codes = await getCodeItem(db, prefix);
  const tickets = (codes?.tickets ?? []) as TicketInfo[];
  let changed = 0;
  await forEachLimited(tickets, 8, async (ticket) => {
    const updated = await updateIf(db, {
      Key: keys.ticket(ticket.id),
      UpdateExpression: 'SET attendeeName = :none, attendeeEmail = :none, searchText = :search ADD version :one',
      ConditionExpression: 'attribute_exists(pk) AND (attendeeName <> :none OR attendeeEmail <> :none)',
      ExpressionAttributeValues: {
        ':none': null,
        ':search': ticketSearchText({ ...ticket, attendeeName: null, attendeeEmail: null }),
        ':one': 1,
      },
    });
    if (updated) changed += 1;
  });
  const texts = tickets.flatMap((t) => [t.attendeeName, t.attendeeEmail]).filter((text): text is string => Boolean(text));
  return { ids: tickets.map((t) => t.id), texts, changed };
}
