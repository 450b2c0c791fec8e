import * as z from 'zod';
import { transactionsExportInput } from '@event-admin/core/export/export.schema';
import { attendeesCsvInput } from '@event-admin/core/ticket/ticket.schema';
import { adminProcedure, answer, router } from '../init.ts';

/**
 * The checks in front of the streamed REST routes (stream-routes.ts): who may read, and the
 * filters validated by their core schema. The rows themselves are written by the REST route as
 * they are read; a JSON procedure cannot stream a file.
 */
export const exportsRouter = router({
  /** A signed-in administrator or an API token: the guard of every data read. */
  access: adminProcedure.output(answer(z.object({ actor: z.string() }))).query(({ ctx }) => ({ actor: ctx.actor.name })),
  transactionsFilters: adminProcedure
    .input(transactionsExportInput)
    .output(answer(transactionsExportInput))
    .query(({ input }) => input),
  attendeesFilters: adminProcedure
    .input(attendeesCsvInput)
    .output(answer(attendeesCsvInput))
    .query(({ input }) => input),
});
