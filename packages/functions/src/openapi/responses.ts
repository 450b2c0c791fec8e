import * as z from 'zod';
import type { AddressInfo } from '@event-admin/core/address/address.schema';
import type { ApiTokenInfo, CreatedApiToken } from '@event-admin/core/api-token/api-token.schema';
import { auditEntities, type AuditChange, type AuditEntry } from '@event-admin/core/audit/audit.schema';
import type { Me, SessionUser } from '@event-admin/core/auth/auth.schema';
import type { ContentBlock } from '@event-admin/core/content-block/content-block.schema';
import type { CtaInfo } from '@event-admin/core/cta/cta.schema';
import type { CustomerInfo } from '@event-admin/core/customer/customer.schema';
import { eventStatuses, type EventInfo } from '@event-admin/core/event/event.schema';
import type * as Health from '@event-admin/core/health';
import type { DayFigures, SalesReport } from '@event-admin/core/report/report.schema';
import type { EventWithDetails } from '@event-admin/core/seo/index';
import type { SeoInfo } from '@event-admin/core/seo/seo.schema';
import type { SessionInfo } from '@event-admin/core/session/session.schema';
import type { AppSettingsInfo } from '@event-admin/core/settings/settings.schema';
import type { DashboardStats, TopEvent, TransactionTotals } from '@event-admin/core/stats/stats.schema';
import {
  transactionStatuses,
  type BulkResult,
  type RefundInfo,
  type TransactionDetail,
  type TransactionInfo,
  type TransactionRow,
} from '@event-admin/core/transaction/transaction.schema';
import type { TwoFactorSetup } from '@event-admin/core/two-factor/two-factor.schema';
import { webhookEventTypes, type CreatedWebhook, type DeliveryInfo, type WebhookInfo } from '@event-admin/core/webhook/webhook.schema';
import { apiTokenScopes } from '@event-admin/core/api-token/api-token.schema';
import { userStatuses, type Invitation, type SecurityPolicy, type UserInfo } from '@event-admin/core/user/user.schema';
import type { inferRouterOutputs } from '@trpc/server';
import type { AppRouter } from '../trpc/routers/_app.ts';
import type { Equal, Expect } from './equal.ts';

/**
 * What the API answers, as zod schemas: the core's answers are TypeScript interfaces (they are
 * built by the code, never parsed), so the OpenAPI document needs a schema of each. Each one is
 * pinned to its interface by an `Expect<Equal<...>>` beside it: change an interface and
 * `npm run typecheck` points here. The named ones become `components.schemas` (their `id`).
 */
export const responseSchemas = z.registry<{ id: string; description: string }>();

/** The named schemas by id, in the order they are declared here. */
export const namedSchemas = new Map<string, z.ZodType>();

function named<S extends z.ZodType>(id: string, description: string, schema: S): S {
  responseSchemas.add(schema, { id, description });
  namedSchemas.set(id, schema);
  return schema;
}

type Outputs = inferRouterOutputs<AppRouter>;

/** An ISO 8601 time in UTC, as `Date.prototype.toISOString` writes it. */
const timestamp = z.iso.datetime();
/** Money as SPEC shows it: '$12.34' (a negative total only after refunds). */
const money = z.string().regex(/^-?\$\d+\.\d{2}$/);
/** A conversion as shown: '12.5%'. */
const percentText = z.string().regex(/^\d+(\.\d)?%$/);
const count = z.number().int().min(0);

// ---- health and the signed-in member ----

export const healthStatus = named('HealthStatus', 'The store answered.', z.object({ status: z.literal('ok'), database: z.literal('up') }));
export type HealthChecks = Expect<Equal<z.output<typeof healthStatus>, Awaited<ReturnType<typeof Health.check>>>>;

export const okAnswer = named('Ok', 'Done.', z.object({ ok: z.literal(true) }));
export type OkChecks = [
  Expect<Equal<z.output<typeof okAnswer>, Outputs['auth']['logout']>>,
  Expect<Equal<z.output<typeof okAnswer>, Outputs['auth']['changePassword']>>,
];

export const sessionUser = named('SessionUser', 'The member now signed in.', z.object({ username: z.string() }));
export type SessionUserChecks = Expect<Equal<z.output<typeof sessionUser>, SessionUser>>;

export const me = named(
  'Me',
  'The signed-in member; `twoFactorSetupRequired`: the team requires 2FA and this member has none yet.',
  z.object({ username: z.string(), twoFactorEnabled: z.boolean(), twoFactorSetupRequired: z.boolean() }),
);
export type MeChecks = Expect<Equal<z.output<typeof me>, Me>>;

// ---- the account: 2FA, sessions, API tokens, the team ----

export const twoFactorSetup = named(
  'TwoFactorSetup',
  'A new TOTP secret (base32) and its otpauth:// address, pending until a first code enables it.',
  z.object({ secret: z.string(), otpauthUrl: z.string().regex(/^otpauth:\/\//) }),
);
export type TwoFactorSetupChecks = Expect<Equal<z.output<typeof twoFactorSetup>, TwoFactorSetup>>;

export const recoveryCodes = named(
  'RecoveryCodes',
  'Two-factor sign-in is on; the recovery codes, shown this once.',
  z.object({ recoveryCodes: z.array(z.string()) }),
);
export type RecoveryCodesChecks = Expect<Equal<z.output<typeof recoveryCodes>, Outputs['twoFactor']['enable']>>;

export const sessionInfo = named(
  'SessionInfo',
  'One signed-in browser of the member (`current`: the one asking).',
  z.object({
    id: z.string(),
    createdAt: timestamp,
    lastSeenAt: timestamp,
    userAgent: z.string(),
    ip: z.string(),
    current: z.boolean(),
  }),
);
export type SessionInfoChecks = Expect<Equal<z.output<typeof sessionInfo>, SessionInfo>>;

const apiTokenFields = {
  id: z.string(),
  name: z.string(),
  scope: z.enum(apiTokenScopes),
  createdAt: timestamp,
  expiresAt: timestamp.nullable(),
};
export const apiTokenInfo = named(
  'ApiTokenInfo',
  'An API token as listed: never its value. `expiresAt` null: it does not expire.',
  z.object(apiTokenFields),
);
export type ApiTokenInfoChecks = Expect<Equal<z.output<typeof apiTokenInfo>, ApiTokenInfo>>;

export const createdApiToken = named(
  'CreatedApiToken',
  'A new API token with its value, shown this once: send it as `Authorization: Bearer <token>`.',
  z.object({ ...apiTokenFields, token: z.string() }),
);
export type CreatedApiTokenChecks = Expect<Equal<z.output<typeof createdApiToken>, CreatedApiToken>>;

export const userInfo = named(
  'UserInfo',
  'A member of the team (every member is an Administrator).',
  z.object({
    id: z.string(),
    username: z.string(),
    name: z.string(),
    status: z.enum(userStatuses),
    twoFactorEnabled: z.boolean(),
    createdAt: timestamp,
    lastSignInAt: timestamp.nullable(),
  }),
);
export type UserInfoChecks = Expect<Equal<z.output<typeof userInfo>, UserInfo>>;

export const invitation = named(
  'Invitation',
  'An invitation, shown this once: the member opens `inviteUrl` (valid 72 hours) to set a password.',
  z.object({ user: userInfo, inviteCode: z.string(), inviteUrl: z.string(), expiresAt: timestamp }),
);
export type InvitationChecks = Expect<Equal<z.output<typeof invitation>, Invitation>>;

export const securityPolicy = named('SecurityPolicy', "The team's sign-in rule.", z.object({ requireTwoFactor: z.boolean() }));
export type SecurityPolicyChecks = Expect<Equal<z.output<typeof securityPolicy>, SecurityPolicy>>;

// ---- dashboard ----

export const dashboardStats = named(
  'DashboardStats',
  'The headline figures: `ticketSales` in whole dollars, `avgConversion` the mean percent of events with views.',
  z.object({ totalEvents: count, activeCustomers: count, ticketSales: z.number().int(), avgConversion: z.number() }),
);
export type DashboardStatsChecks = Expect<Equal<z.output<typeof dashboardStats>, DashboardStats>>;

export const topEvent = named(
  'TopEvent',
  'One of the five highest-converting events.',
  z.object({ id: z.string(), name: z.string(), conversionRate: percentText }),
);
export type TopEventChecks = Expect<Equal<z.output<typeof topEvent>, TopEvent>>;

// ---- events ----

export const eventInfo = named(
  'EventInfo',
  "An event with its counters (`sales` in dollars of completed purchases); `timeZone` the IANA zone its date and time are read in, null for the business's.",
  z.object({
    id: z.string(),
    title: z.string(),
    description: z.string(),
    date: timestamp,
    time: z.string(),
    timeZone: z.string().nullable(),
    venue: z.string(),
    status: z.enum(eventStatuses),
    sales: z.number(),
    venueId: z.string(),
    ticketEvolutionEventId: z.string(),
    tailgateEventId: z.string(),
    tailgateDiscount: z.string(),
    seatViewUrl: z.string(),
    pageViews: count,
    completedPurchases: count,
    conversionRate: percentText,
    createdAt: timestamp,
    updatedAt: timestamp,
    archivedAt: timestamp.nullable(),
    version: count,
  }),
);
export type EventInfoChecks = Expect<Equal<z.output<typeof eventInfo>, EventInfo>>;

export const seoInfo = named(
  'SeoInfo',
  "An event's SEO record (`keywords` comma-separated).",
  z.object({
    eventId: z.string(),
    title: z.string(),
    description: z.string(),
    keywords: z.string(),
    ogImageUrl: z.string(),
    ogType: z.string(),
    updatedAt: timestamp,
    version: count,
  }),
);
export type SeoInfoChecks = Expect<Equal<z.output<typeof seoInfo>, SeoInfo>>;

export const eventWithDetails = named(
  'EventWithDetails',
  'An event with its SEO summary (null when it has none); `archivedAt` null until archived.',
  z.object({
    id: z.string(),
    title: z.string(),
    date: timestamp,
    status: z.enum(eventStatuses),
    archivedAt: timestamp.nullable().optional(),
    seo: z.object({ title: z.string(), description: z.string(), keywords: z.string() }).nullable(),
  }),
);
export type EventWithDetailsChecks = Expect<Equal<z.output<typeof eventWithDetails>, EventWithDetails>>;

export const ctaInfo = named(
  'CtaInfo',
  "An event's call-to-action button.",
  z.object({
    eventId: z.string(),
    text: z.string(),
    isCustom: z.boolean(),
    buttonColor: z.string().regex(/^#[0-9a-fA-F]{6}$/),
    ticketsCta: z.string(),
    updatedAt: timestamp,
    version: count,
  }),
);
export type CtaInfoChecks = Expect<Equal<z.output<typeof ctaInfo>, CtaInfo>>;

export const contentBlock = named(
  'ContentBlock',
  'One block of an event page, by `type`.',
  z.discriminatedUnion('type', [
    z.object({ id: z.string(), type: z.literal('text'), content: z.string() }),
    z.object({ id: z.string(), type: z.literal('image'), imageUrl: z.string(), altText: z.string() }),
    z.object({ id: z.string(), type: z.literal('banner'), headline: z.string(), backgroundImageUrl: z.string() }),
    z.object({ id: z.string(), type: z.literal('video'), embedUrl: z.string(), caption: z.string() }),
  ]),
);
export type ContentBlockChecks = Expect<Equal<z.output<typeof contentBlock>, ContentBlock>>;

// ---- customers ----

export const customerInfo = named(
  'CustomerInfo',
  'A customer; `erasedAt` and `erasure` once erased (the record stays, the person is gone).',
  z.object({
    id: z.string(),
    name: z.string(),
    email: z.string(),
    phone: z.string(),
    createdAt: timestamp,
    updatedAt: timestamp,
    version: count,
    erasedAt: timestamp.optional(),
    erasure: z.enum(['in_progress', 'complete']).optional(),
  }),
);
export type CustomerInfoChecks = Expect<Equal<z.output<typeof customerInfo>, CustomerInfo>>;

export const addressInfo = named(
  'AddressInfo',
  "A customer's address (`addressType` billing, or shipping for anything else).",
  z.object({
    id: z.string(),
    customerId: z.string(),
    addressType: z.string(),
    isDefault: z.boolean(),
    street: z.string(),
    city: z.string(),
    state: z.string(),
    zipCode: z.string(),
    country: z.string(),
  }),
);
export type AddressInfoChecks = Expect<Equal<z.output<typeof addressInfo>, AddressInfo>>;

// ---- transactions ----

const transactionFields = {
  id: z.string(),
  eventId: z.string(),
  customerId: z.string(),
  amount: money,
  status: z.enum(transactionStatuses),
  purchaseDate: timestamp,
  paymentMethod: z.string(),
};
export const transactionInfo = named('TransactionInfo', 'A purchase.', z.object(transactionFields));
export type TransactionInfoChecks = Expect<Equal<z.output<typeof transactionInfo>, TransactionInfo>>;

const rowFields = { ...transactionFields, eventTitle: z.string().nullable(), customerName: z.string().nullable() };
export const transactionRow = named(
  'TransactionRow',
  "A purchase with its event's title and customer's name (null when unknown).",
  z.object(rowFields),
);
export type TransactionRowChecks = Expect<Equal<z.output<typeof transactionRow>, TransactionRow>>;

export const refundInfo = named(
  'RefundInfo',
  'One refund of a transaction.',
  z.object({ id: z.string(), amount: money, reason: z.string(), createdAt: timestamp }),
);
export type RefundInfoChecks = Expect<Equal<z.output<typeof refundInfo>, RefundInfo>>;

export const transactionDetail = named(
  'TransactionDetail',
  "A transaction with its version and refunds, oldest first (`refundedAmount` '$0.00' when none).",
  z.object({ ...rowFields, version: count, refundedAmount: money, refunds: z.array(refundInfo) }),
);
export type TransactionDetailChecks = Expect<Equal<z.output<typeof transactionDetail>, TransactionDetail>>;

export const bulkResult = named(
  'BulkResult',
  "One id's outcome: `status` when done, `error` (the message a single call would give) when refused.",
  z.object({ id: z.string(), ok: z.boolean(), status: z.enum(transactionStatuses).optional(), error: z.string().optional() }),
);
export type BulkResultChecks = Expect<Equal<z.output<typeof bulkResult>, BulkResult>>;

export const bulkResults = named(
  'BulkResults',
  'Each id done or refused on its own, in the order sent.',
  z.object({ results: z.array(bulkResult) }),
);
export type BulkResultsChecks = Expect<Equal<z.output<typeof bulkResults>, Outputs['transactions']['bulk']>>;

export const transactionTotals = named(
  'TransactionTotals',
  "The transactions page's cards (`totalRevenue` every amount summed).",
  z.object({ totalTransactions: count, totalRevenue: money, uniqueCustomers: count }),
);
export type TransactionTotalsChecks = Expect<Equal<z.output<typeof transactionTotals>, TransactionTotals>>;

// ---- settings, history, reports ----

export const appSettingsInfo = named(
  'AppSettingsInfo',
  "The global settings (`updatedAt` null until first saved; `timeZone` the business's IANA zone, `UTC` until set).",
  z.object({ serviceFeePercentage: z.string(), timeZone: z.string(), updatedAt: timestamp.nullable(), version: count }),
);
export type AppSettingsInfoChecks = Expect<Equal<z.output<typeof appSettingsInfo>, AppSettingsInfo>>;

const auditValue = z.union([z.string(), z.number(), z.boolean(), z.null()]);
export const auditChange = named(
  'AuditChange',
  'One changed field, before and after.',
  z.object({ field: z.string(), from: auditValue, to: auditValue }),
);
export type AuditChangeChecks = Expect<Equal<z.output<typeof auditChange>, AuditChange>>;

export const auditEntry = named(
  'AuditEntry',
  'One history record: who (`actor`: a username, or `token:<name> (<owner>)`), what and when.',
  z.object({
    id: z.string(),
    at: timestamp,
    actor: z.string(),
    action: z.string(),
    entity: z.enum(auditEntities),
    entityId: z.string(),
    summary: z.string(),
    changes: z.array(auditChange),
    address: z.string().optional(),
  }),
);
export type AuditEntryChecks = Expect<Equal<z.output<typeof auditEntry>, AuditEntry>>;

export const auditPage = named(
  'AuditPage',
  'A page of history, newest first; `nextCursor` null on the last page.',
  z.object({ items: z.array(auditEntry), nextCursor: z.string().nullable() }),
);
export type AuditPageChecks = Expect<Equal<z.output<typeof auditPage>, Outputs['audit']['list']>>;

const dayFigureFields = {
  purchases: count,
  revenueCents: z.number().int(),
  refundsCents: z.number().int(),
  netCents: z.number().int(),
  newCustomers: count,
  pageViews: count,
};
export const dayFigures = named('DayFigures', 'What a day, or a range in total, holds (money in cents).', z.object(dayFigureFields));
export type DayFiguresChecks = Expect<Equal<z.output<typeof dayFigures>, DayFigures>>;

const isoDay = z.iso.date();
export const salesReport = named(
  'SalesReport',
  'Every UTC day of the range (zeros included), its totals, and the same number of days just before.',
  z.object({
    from: isoDay,
    to: isoDay,
    days: z.array(z.object({ date: isoDay, ...dayFigureFields })),
    totals: dayFigures,
    previous: z.object({ from: isoDay, to: isoDay, totals: dayFigures }),
  }),
);
export type SalesReportChecks = Expect<Equal<z.output<typeof salesReport>, SalesReport>>;

// ---- webhooks ----

const webhookFields = {
  id: z.string(),
  url: z.string(),
  events: z.array(z.enum(webhookEventTypes)),
  description: z.string(),
  enabled: z.boolean(),
  disabledReason: z.string().nullable(),
  createdAt: timestamp,
  createdBy: z.string().nullable(),
};
export const webhookInfo = named(
  'WebhookInfo',
  'A webhook endpoint, never its secret (`disabledReason`: why the sender turned it off, if it did).',
  z.object(webhookFields),
);
export type WebhookInfoChecks = Expect<Equal<z.output<typeof webhookInfo>, WebhookInfo>>;

export const createdWebhook = named(
  'CreatedWebhook',
  'A new endpoint with its signing secret (`whsec_` and base64), shown this once.',
  z.object({ ...webhookFields, secret: z.string().regex(/^whsec_/) }),
);
export type CreatedWebhookChecks = Expect<Equal<z.output<typeof createdWebhook>, CreatedWebhook>>;

export const deliveryInfo = named(
  'DeliveryInfo',
  'One announcement to one endpoint and how its delivery went (`nextAttemptAt` null once delivered or given up).',
  z.object({
    id: z.string(),
    messageId: z.string(),
    eventType: z.enum([...webhookEventTypes, 'ping']),
    createdAt: timestamp,
    attempts: count,
    lastStatus: z.number().int().nullable(),
    lastError: z.string().nullable(),
    nextAttemptAt: timestamp.nullable(),
    deliveredAt: timestamp.nullable(),
    failedAt: timestamp.nullable(),
  }),
);
export type DeliveryInfoChecks = Expect<Equal<z.output<typeof deliveryInfo>, DeliveryInfo>>;

export const deliveriesPage = named(
  'DeliveriesPage',
  "A page of an endpoint's deliveries, newest first; `nextCursor` null on the last page.",
  z.object({ items: z.array(deliveryInfo), nextCursor: z.string().nullable() }),
);
export type DeliveriesPageChecks = Expect<Equal<z.output<typeof deliveriesPage>, Outputs['webhooks']['deliveries']>>;

export const webhookPing = named('WebhookPing', 'The `ping` queued for delivery: its `webhook-id`.', z.object({ messageId: z.string() }));
export type WebhookPingChecks = Expect<Equal<z.output<typeof webhookPing>, Outputs['webhooks']['test']>>;

/**
 * GET /api/customers/{id}/export: written as it is read, so no interface names it whole; its
 * parts are the answers above (a transaction as GET /api/transactions/{id}, with its history).
 */
export const customerData = named(
  'CustomerData',
  'Everything held about one customer (GDPR art. 15).',
  z.object({
    exportedAt: timestamp,
    customer: customerInfo,
    addresses: z.array(addressInfo),
    history: z.array(auditEntry),
    transactions: z.array(transactionDetail.extend({ history: z.array(auditEntry) })),
  }),
);
