import * as z from 'zod';
import * as Ticket from '@event-admin/core/ticket/index';
import { checkInAnswer, checkInStats, offlineList, ticketDetail, ticketsPage } from '@event-admin/core/ticket/ticket.schema';
import { adminProcedure, answer, router } from '../init.ts';

/** An event's tickets and who they are for. */
export const ticketsRouter = router({
  list: adminProcedure
    .input(Ticket.list.schema)
    .output(answer(ticketsPage))
    .query(({ ctx, input }) => Ticket.list(ctx.db, input)),
  get: adminProcedure
    .input(Ticket.get.schema)
    .output(answer(ticketDetail))
    .query(({ ctx, input }) => Ticket.get(ctx.db, input)),
  update: adminProcedure
    .input(Ticket.update.schema)
    .output(answer(ticketDetail))
    .mutation(({ ctx, input }) => Ticket.update(ctx.db, input, ctx.actor)),
});

/** The door: check-ins, their undo, the counts, and the list a door keeps for scanning offline. */
export const checkInsRouter = router({
  create: adminProcedure
    .input(Ticket.create.schema)
    .output(answer(checkInAnswer))
    .mutation(({ ctx, input }) => Ticket.create(ctx.db, input, ctx.actor)),
  undo: adminProcedure
    .input(Ticket.undo.schema)
    .output(answer(z.void()))
    .mutation(async ({ ctx, input }) => {
      await Ticket.undo(ctx.db, input, ctx.actor);
    }),
  stats: adminProcedure
    .input(Ticket.stats.schema)
    .output(answer(checkInStats))
    .query(({ ctx, input }) => Ticket.stats(ctx.db, input)),
  offlineList: adminProcedure
    .input(Ticket.offlineList.schema)
    .output(answer(offlineList))
    .query(({ ctx, input }) => Ticket.offlineList(ctx.db, input)),
});
