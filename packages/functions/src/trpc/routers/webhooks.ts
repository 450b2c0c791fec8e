import { DomainError } from '@event-admin/core/error';
import * as Webhook from '@event-admin/core/webhook/index';
import { createdWebhook, deliveriesPage, webhookInfo, webhookPing } from '@event-admin/core/webhook/webhook.schema';
import * as z from 'zod';
import { targetProblem } from '@event-admin/core/webhook/sender';
import { adminProcedure, answer, router } from '../init.ts';

/**
 * A target the sender may call: with DynamoDB Local (`npm start`, the tests) http and loopback
 * too; on AWS only https to public addresses (checked again at each delivery).
 */
async function checkTarget(url: string | undefined, allowPrivate: boolean) {
  const problem = url === undefined ? null : await targetProblem(url, allowPrivate);
  if (problem) throw new DomainError('invalid', problem);
}

export const webhooksRouter = router({
  list: adminProcedure.output(answer(z.array(webhookInfo))).query(({ ctx }) => Webhook.list(ctx.db)),
  create: adminProcedure
    .input(Webhook.create.schema)
    .output(answer(createdWebhook))
    .mutation(async ({ ctx, input }) => {
      await checkTarget(input.url, ctx.config.endpoint !== undefined);
      return Webhook.create(ctx.db, input, ctx.actor);
    }),
  update: adminProcedure
    .input(Webhook.update.schema)
    .output(answer(webhookInfo))
    .mutation(async ({ ctx, input }) => {
      await checkTarget(input.url, ctx.config.endpoint !== undefined);
      return Webhook.update(ctx.db, input, ctx.actor);
    }),
  delete: adminProcedure
    .input(Webhook.delete.schema)
    .output(answer(z.void()))
    .mutation(({ ctx, input }) => Webhook.delete(ctx.db, input, ctx.actor)),
  test: adminProcedure
    .input(Webhook.test.schema)
    .output(answer(webhookPing))
    .mutation(({ ctx, input }) => Webhook.test(ctx.db, input, ctx.actor)),
  deliveries: adminProcedure
    .input(Webhook.deliveries.schema)
    .output(answer(deliveriesPage))
    .query(({ ctx, input }) => Webhook.deliveries(ctx.db, input)),
  retry: adminProcedure
    .input(Webhook.retry.schema)
    .output(answer(z.void()))
    .mutation(({ ctx, input }) => Webhook.retry(ctx.db, input, ctx.actor)),
});
