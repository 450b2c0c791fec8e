import * as z from 'zod';
import { orderLines } from '../order/order.schema.ts';
import { entityId, idempotencyKey, named } from '../shared.schema.ts';

export const holdStatuses = ['held', 'released', 'confirmed', 'expired'] as const;
export type HoldStatus = (typeof holdStatuses)[number];

const minutesMessage = 'Minutes must be a whole number from 1 to 60';

/** POST /api/holds: tickets kept for a storefront's checkout, for 1 to 60 minutes (10 unless told). */
export const createHoldInput = z.object({
  eventId: entityId,
  lines: orderLines,
  minutes: z.number({ error: minutesMessage }).int(minutesMessage).min(1, minutesMessage).max(60, minutesMessage).default(10),
  idempotencyKey,
});
export type CreateHoldInput = z.input<typeof createHoldInput>;

export const holdIdInput = z.object({ id: entityId });

/** A hold as the API answers it. `expired`: its time ran out (whether or not its tickets were swept back yet). */
export const holdInfo = named('Hold', {
  id: z.string(),
  eventId: z.string(),
  lines: z.array(z.object({ ticketTypeId: z.string(), quantity: z.number().int() })),
  /** ISO timestamp */
  expiresAt: z.string(),
  status: z.enum(holdStatuses),
});
export type HoldInfo = z.infer<typeof holdInfo>;
