import * as z from 'zod';
import * as TicketType from '@event-admin/core/ticket-type/index';
import { availabilityInfo, ticketTypeInfo } from '@event-admin/core/ticket-type/ticket-type.schema';
import { adminProcedure, answer, router } from '../init.ts';

/** An event's ticket types and its capacity (the event page's Tickets tab, and a storefront's reads). */
export const ticketTypesRouter = router({
  list: adminProcedure
    .input(TicketType.list.schema)
    .output(answer(z.array(ticketTypeInfo)))
    .query(({ ctx, input }) => TicketType.list(ctx.db, input)),
  availability: adminProcedure
    .input(TicketType.availability.schema)
    .output(answer(availabilityInfo))
    .query(({ ctx, input }) => TicketType.availability(ctx.db, input)),
  create: adminProcedure
    .input(TicketType.create.schema)
    .output(answer(ticketTypeInfo))
    .mutation(({ ctx, input }) => TicketType.create(ctx.db, input, ctx.actor)),
  update: adminProcedure
    .input(TicketType.update.schema)
    .output(answer(ticketTypeInfo))
    .mutation(({ ctx, input }) => TicketType.update(ctx.db, input, ctx.actor)),
  remove: adminProcedure
    .input(TicketType.remove.schema)
    .output(answer(z.void()))
    .mutation(async ({ ctx, input }) => {
      await TicketType.remove(ctx.db, input, ctx.actor);
    }),
  reorder: adminProcedure
    .input(TicketType.reorder.schema)
    .output(answer(z.array(ticketTypeInfo)))
    .mutation(({ ctx, input }) => TicketType.reorder(ctx.db, input, ctx.actor)),
  // The Tickets tab's capacity field; over REST the capacity is a field of PUT /api/events/{id}.
  setCapacity: adminProcedure
    .input(TicketType.setCapacity.schema)
    .output(answer(availabilityInfo))
    .mutation(({ ctx, input }) => TicketType.setCapacity(ctx.db, input, ctx.actor)),
});
