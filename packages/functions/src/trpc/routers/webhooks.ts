import * as Webhook from '@event-admin/core/webhook/index';
import { createdWebhook, deliveriesPage, webhookInfo, webhookPing } from '@event-admin/core/webhook/webhook.schema';
import * as z from 'zod';
import type { Context } from '../context.ts';
import { webhookTargetsOf } from '../../config.ts';
import { adminProcedure, answer, confirmedMember, confirmedProcedure, router } from '../init.ts';

/** An endpoint change: the confirmed member, and where endpoints may point here (core checks the URL). */
const changeBy = (ctx: Context & { account: Webhook.EndpointChange['member'] }): Webhook.EndpointChange => ({
  member: ctx.account,
  targets: webhookTargetsOf(ctx.config),
});

/**
 * Webhooks. Adding, changing and deleting an endpoint, and rotating its secret, are account
 * changes (where the team's data is sent): a member's session with the password confirmed, never
 * an API token. Reading them, a test and a retry are data calls, except a retry to a URL other
 * than the one the delivery was meant for, which asks for the confirmed member too.
 */
export const webhooksRouter = router({
  list: adminProcedure.output(answer(z.array(webhookInfo))).query(({ ctx }) => Webhook.list(ctx.db)),
  create: confirmedProcedure
    .input(Webhook.create.schema)
    .output(answer(createdWebhook))
    .mutation(({ ctx, input }) => Webhook.create(ctx.db, input, changeBy(ctx))),
  update: confirmedProcedure
    .input(Webhook.update.schema)
    .output(answer(webhookInfo))
    .mutation(({ ctx, input }) => Webhook.update(ctx.db, input, changeBy(ctx))),
  delete: confirmedProcedure
    .input(Webhook.delete.schema)
    .output(answer(z.void()))
    .mutation(({ ctx, input }) => Webhook.delete(ctx.db, input, changeBy(ctx))),
  rotateSecret: confirmedProcedure
    .input(Webhook.rotateSecret.schema)
    .output(answer(createdWebhook))
    .mutation(({ ctx, input }) => Webhook.rotateSecret(ctx.db, input, changeBy(ctx))),
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
    .mutation(({ ctx, input, path }) => Webhook.retry(ctx.db, input, { actor: ctx.actor, confirmed: () => confirmedMember(ctx, path) })),
});
