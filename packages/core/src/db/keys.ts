// The only place item keys are spelled. Every access pattern builds its keys here.
import { shardOf, shardSuffixes } from './shards.ts';

/** Sort keys that order by a timestamp or number, then by id for stable ties. */
const ordered = (value: string, id: string) => `${value}#${id}`;

/** The partition prefix of a generation's day items: DAY# (generation 0, as before generations), DAY#g2#, ... */
const dayPrefix = (gen: number) => (gen ? `DAY#g${gen}#` : 'DAY#');

export const keys = {
  /** DynamoDB Local only: the item each transaction is followed by (db/local-durability.ts). */
  localWriteBarrier: () => ({ pk: 'LOCAL#WRITE_BARRIER', sk: 'LOCAL#WRITE_BARRIER' }),
  event: (id: string) => ({ pk: `EVENT#${id}`, sk: 'EVENT' }),
  eventSeo: (id: string) => ({ pk: `EVENT#${id}`, sk: 'SEO' }),
  eventCta: (id: string) => ({ pk: `EVENT#${id}`, sk: 'CTA' }),
  eventBlocks: (id: string) => ({ pk: `EVENT#${id}`, sk: 'BLOCKS' }),
  /** gsi1: all events, newest created first. */
  eventsByCreated: (createdAt: string, id: string) => ({ gsi1pk: 'EVENTS', gsi1sk: ordered(createdAt, id) }),
  /** gsi1: archived events, newest created first: moved off `EVENTS`, so the lists and Recent Events skip them. */
  archivedEventsByCreated: (createdAt: string, id: string) => ({ gsi1pk: 'EVENTS_ARCHIVED', gsi1sk: ordered(createdAt, id) }),
  /** gsi2: all events ranked by conversion (thousandths of a percent, zero-padded). */
  eventsByConversion: (conversionMilli: number, id: string) => ({
    gsi2pk: 'EVENTS_BY_CONVERSION',
    gsi2sk: ordered(String(Math.max(0, conversionMilli)).padStart(12, '0'), id),
  }),

  /** gsi3: every event by its date (an ISO timestamp). */
  eventsByDate: (date: string, id: string) => ({ gsi3pk: 'EVENTS_BY_DATE', gsi3sk: ordered(date, id) }),
  /** gsi4 (sparse): only events that can still be upcoming, by date; others carry no gsi4 keys. */
  upcomingEvents: (date: string, id: string) => ({ gsi4pk: 'UPCOMING_EVENTS', gsi4sk: ordered(date, id) }),

  customer: (id: string) => ({ pk: `CUSTOMER#${id}`, sk: 'CUSTOMER' }),
  /** gsi1: all customers, newest first. */
  customersByCreated: (createdAt: string, id: string) => ({ gsi1pk: 'CUSTOMERS', gsi1sk: ordered(createdAt, id) }),
  /** Uniqueness guard: one item per customer e-mail address. */
  customerEmail: (email: string) => ({ pk: `EMAIL#${email.trim().toLowerCase()}`, sk: 'EMAIL' }),
  address: (customerId: string, id: string) => ({ pk: `CUSTOMER#${customerId}`, sk: `ADDRESS#${id}` }),
  addressPrefix: 'ADDRESS#',

  // Stored names stay as first written (PURCHASE#, EVENT_PURCHASES#, purchaseCount, completedPurchases): existing data reads on.
  transaction: (customerId: string, purchaseDate: string, id: string) => ({
    pk: `CUSTOMER#${customerId}`,
    sk: `PURCHASE#${ordered(purchaseDate, id)}`,
  }),
  transactionPrefix: 'PURCHASE#',
  /** A transaction's id -> where it lives (its customer's partition): the transaction view by id. */
  transactionPointer: (id: string) => ({ pk: `TRANSACTION#${id}`, sk: 'TRANSACTION' }),
  /** gsi1: all transactions, newest first, over the shards (db/shards.ts): the transaction's own by its id. */
  transactionsByDate: (purchaseDate: string, id: string) => ({ gsi1pk: `TRANSACTIONS${shardOf(id)}`, gsi1sk: ordered(purchaseDate, id) }),
  /** The gsi1 partitions of all transactions: a list Queries each and merges them by date. */
  transactionsPartitions: () => shardSuffixes.map((s) => `TRANSACTIONS${s}`),
  /** gsi2 (overloaded; events use it for their conversion rank): an event's transactions, to rename them with it. */
  transactionsByEvent: (eventId: string, purchaseDate: string, id: string) => ({
    gsi2pk: `EVENT_PURCHASES#${eventId}${shardOf(id)}`,
    gsi2sk: ordered(purchaseDate, id),
  }),
  /** The gsi2 partitions of one event's transactions. */
  eventTransactionsPartitions: (eventId: string) => shardSuffixes.map((s) => `EVENT_PURCHASES#${eventId}${s}`),

  /** A history record in its entity's partition: one entity's history, newest first. */
  audit: (entity: string, entityId: string, at: string, id: string) => ({ pk: `AUDIT#${entity}#${entityId}`, sk: ordered(at, id) }),
  /** gsi1: the whole history feed, a partition per month and shard (`at` is an ISO time). */
  auditFeed: (at: string, id: string) => ({ gsi1pk: `AUDIT#${at.slice(0, 7)}${shardOf(id)}`, gsi1sk: ordered(at, id) }),
  /** The gsi1 partitions of one month of the feed (`month` is yyyy-mm). */
  auditFeedPartitions: (month: string) => shardSuffixes.map((s) => `AUDIT#${month}${s}`),
  /** The months of the feed that hold records, one small item each: the feed walks these, never an empty month. */
  auditMonth: (month: string) => ({ pk: 'AUDIT_MONTHS', sk: month }),
  auditMonthsPartition: 'AUDIT_MONTHS',

  /** The dashboard totals: one shard (one of shardSuffixes); readers add them all up. */
  stats: (shard: string) => ({ pk: `STATS${shard}`, sk: 'GLOBAL' }),
  /**
   * One business day's figures for the whole business (`date` is yyyy-mm-dd): a shard of them, or,
   * without a shard, the day's folded item (counters/days.ts), which takes the shards once the day
   * is over and every later change of that day. `gen`: the generation of day figures (a change of
   * the business's zone rebuilds them as the next one: counters/rebuild.job.ts); 0 has no prefix.
   */
  dayTotal: (date: string, shard = '', gen = 0) => ({ pk: `${dayPrefix(gen)}${date}${shard}`, sk: 'TOTAL' }),
  /** One business day's figures for one event: a shard of them, or the folded item. */
  dayEvent: (date: string, eventId: string, shard = '', gen = 0) => ({ pk: `${dayPrefix(gen)}${date}${shard}`, sk: `EVENT#${eventId}` }),
  dayEventPrefix: 'EVENT#',
  /** Every day before its `foldedBefore` (yyyy-mm-dd) is folded: readers read one item a day there. One per generation. */
  dayFold: (gen = 0) => (gen ? { pk: `DAY_FOLD#g${gen}`, sk: 'DAY_FOLD' } : { pk: 'DAY_FOLD', sk: 'DAY_FOLD' }),
  /** That a part of a day's page views was copied from generation `gen` into a later one (on the older day partition). */
  dayViewsCopied: (date: string, gen: number, into: number, part: number) => ({
    pk: `${dayPrefix(gen)}${date}`,
    sk: `VIEWS_COPIED#${into}#${part}`,
  }),
  /** One shard of an event's counters (sales, completed purchases, page views): a partition of its own, since DynamoDB's write limit is per partition. */
  eventCounter: (eventId: string, shard: string) => ({ pk: `EVENT_COUNTER#${eventId}${shard}`, sk: 'COUNTER' }),
  /** A customer's purchase counts, off the customer item (whose index every purchase would otherwise write). */
  customerCounts: (customerId: string) => ({ pk: `CUSTOMER#${customerId}`, sk: 'COUNTS' }),
  settings: () => ({ pk: 'SETTINGS', sk: 'APP' }),
  /** Which generation of day figures readers read, in which zone, and the one a rebuild fills (counters/day-zone.ts). */
  dayState: () => ({ pk: 'DAY_STATE', sk: 'DAY_STATE' }),
  /** The team's security rule (Settings > Security), beside the app settings. */
  securityPolicy: () => ({ pk: 'SETTINGS', sk: 'SECURITY' }),
  /** Before members: the one administrator's password hash, copied to the first member. */
  adminCredentials: () => ({ pk: 'ADMIN', sk: 'CREDENTIALS' }),
  session: (tokenHash: string) => ({ pk: `SESSION#${tokenHash}`, sk: 'SESSION' }),
  /** gsi1: the sessions, newest first; Manage Sessions shows the caller's own. */
  sessionsByCreated: (createdAt: string, id: string) => ({ gsi1pk: 'SESSIONS', gsi1sk: ordered(createdAt, id) }),
  /** Failed sign-ins of one username from one client address. */
  loginThrottle: (username: string, address: string) => ({ pk: `LOGIN#${username.toLowerCase()}#${address}`, sk: 'THROTTLE' }),
  /** Password checks from one client address, whatever the usernames, in one window of time (`ttl`). */
  loginAddress: (address: string, windowStart: string) => ({ pk: `LOGIN_ADDRESS#${address}`, sk: `WINDOW#${windowStart}` }),
  /** Before members: the one administrator's second factor, copied to the first member (user/index.ts). */
  twoFactor: () => ({ pk: 'ADMIN', sk: 'TOTP' }),
  /** An API token under the hash of its value (the value itself is never stored). */
  apiToken: (tokenHash: string) => ({ pk: `TOKEN#${tokenHash}`, sk: 'TOKEN' }),
  /** gsi1: all API tokens, newest first. */
  apiTokensByCreated: (createdAt: string, id: string) => ({ gsi1pk: 'TOKENS', gsi1sk: ordered(createdAt, id) }),
  /** The answer to a write sent with an Idempotency-Key, per actor and key (`ttl` 24 h). */
  idempotency: (actor: string, key: string) => ({ pk: `IDEMPOTENCY#${actor}#${key}`, sk: 'IDEMPOTENCY' }),
  /** A one-off data migration that has run (e.g. backfilling search fields). */
  migration: (name: string) => ({ pk: 'MIGRATION', sk: name }),
  /** A background job still to do (core/jobs/), one per kind and target: a later rename replaces an earlier one's. */
  job: (kind: string, targetId: string) => ({ pk: `JOB#${kind}#${targetId}`, sk: 'JOB' }),
  /** A member of the team (every member an Administrator). */
  user: (id: string) => ({ pk: `USER#${id}`, sk: 'USER' }),
  /** gsi1: the members, oldest first (Settings > Team). */
  usersByCreated: (createdAt: string, id: string) => ({ gsi1pk: 'USERS', gsi1sk: ordered(createdAt, id) }),
  /** A username's claim (lowercase): keeps usernames unique and finds the member at sign-in. */
  username: (username: string) => ({ pk: `USERNAME#${username.toLowerCase()}`, sk: 'USERNAME' }),
  /** An invitation under the hash of its code (the code itself is never stored), TTL at expiry. */
  invitation: (codeHash: string) => ({ pk: `INVITE#${codeHash}`, sk: 'INVITE' }),
  /** A member's second factor, and a setup waiting for its first code. */
  userTwoFactor: (userId: string) => ({ pk: `USER#${userId}`, sk: 'TOTP' }),
  userTwoFactorSetup: (userId: string) => ({ pk: `USER#${userId}`, sk: 'TOTP_SETUP' }),
  /** A webhook endpoint (Settings > Integrations), its signing secret with it. */
  webhook: (id: string) => ({ pk: `WEBHOOK#${id}`, sk: 'WEBHOOK' }),
  /** gsi1: the webhook endpoints, oldest first. */
  webhooksByCreated: (createdAt: string, id: string) => ({ gsi1pk: 'WEBHOOKS', gsi1sk: ordered(createdAt, id) }),
  /** One announcement to one endpoint, in the endpoint's partition: its delivery log (ids sort by time). */
  webhookDelivery: (endpointId: string, id: string) => ({ pk: `WEBHOOK#${endpointId}`, sk: `DELIVERY#${id}` }),
  deliveryPrefix: 'DELIVERY#',
  /** How many endpoints there are: the cap's counter, moved with each create and delete. */
  webhookCount: () => ({ pk: 'WEBHOOKS', sk: 'COUNT' }),
  /** One change's announcement (the outbox): its body once, whatever the number of endpoints; the sender fans it out. */
  outbox: (messageId: string) => ({ pk: `OUTBOX#${messageId}`, sk: 'OUTBOX' }),
  /** gsi1 until it is fanned out, sharded by id: what the sender Queries first (the AWS sender's stream filter names the prefix). */
  outboxDue: (at: string, messageId: string) => ({ gsi1pk: `WEBHOOKS_OUTBOX${shardOf(messageId)}`, gsi1sk: ordered(at, messageId) }),
  outboxDuePartitions: () => shardSuffixes.map((s) => `WEBHOOKS_OUTBOX${s}`),
  /** gsi1 once fanned out: by when its body is dropped (the sender's retention sweep). */
  outboxKept: (expiresAt: string, messageId: string) => ({
    gsi1pk: `WEBHOOKS_KEPT${shardOf(messageId)}`,
    gsi1sk: ordered(expiresAt, messageId),
  }),
  outboxKeptPartitions: () => shardSuffixes.map((s) => `WEBHOOKS_KEPT${s}`),
  /** gsi3 (sparse: only announcements about a customer): what an erasure scrubs. */
  outboxByCustomer: (customerId: string, at: string, messageId: string) => ({
    gsi3pk: `OUTBOX_CUSTOMER#${customerId}`,
    gsi3sk: ordered(at, messageId),
  }),
  /** gsi1 (sparse: only while an attempt is to come), sharded by id: what the sender Queries, by when it is due. */
  deliveryDue: (nextAttemptAt: string, id: string) => ({ gsi1pk: `WEBHOOKS_DUE${shardOf(id)}`, gsi1sk: ordered(nextAttemptAt, id) }),
  deliveriesDuePartitions: () => shardSuffixes.map((s) => `WEBHOOKS_DUE${s}`),
  /** A ticket type, in its event's partition (the event's types are one Query of `TYPE#`). */
  ticketType: (eventId: string, id: string) => ({ pk: `EVENT#${eventId}`, sk: `TYPE#${id}` }),
  ticketTypePrefix: 'TYPE#',
  /** A ticket type's id -> its event: the calls that name a type by id alone. */
  ticketTypePointer: (id: string) => ({ pk: `TICKET_TYPE#${id}`, sk: 'TICKET_TYPE' }),
  /** An event's capacity (null: none) and its pool's shard count, beside the event (core/capacity/). */
  capacity: (eventId: string) => ({ pk: `EVENT#${eventId}`, sk: 'CAPACITY' }),
  /**
   * One shard of a ticket pool (the event's capacity, `pool` 'EVENT', or a type's quantity, `pool`
   * its id): free, sold, held; each shard a partition of its own, as every order writes one.
   */
  poolShard: (eventId: string, pool: string, shard: number) => ({ pk: `POOL#${eventId}#${pool}#${shard}`, sk: 'POOL' }),
  /** When the event last sold out (the tickets then taken from its pool): `event.sold_out` is sent once per selling out. */
  soldOut: (eventId: string) => ({ pk: `SOLD_OUT#${eventId}`, sk: 'SOLD_OUT' }),
  /** A sold-out check the store failed, owed until the jobs' sweep makes it (order/sold-out.ts); gsi1 finds them all. */
  soldOutCheck: (eventId: string) => ({ pk: `SOLD_OUT#${eventId}`, sk: 'CHECK' }),
  soldOutCheckDue: (at: string, eventId: string) => ({ gsi1pk: 'SOLD_OUT_CHECKS', gsi1sk: ordered(at, eventId) }),
  /** A storefront's hold on tickets. */
  hold: (id: string) => ({ pk: `HOLD#${id}`, sk: 'HOLD' }),
  /**
   * A hold's mark while it holds, by expiry, in its event's partition (sharded by the hold's id):
   * a consistent Query finds the event's lapsed holds; gsi1 (sharded) finds every event's, for the sweep.
   */
  heldMark: (eventId: string, expiresAt: string, holdId: string) => ({
    pk: `HOLDS#${eventId}${shardOf(holdId)}`,
    sk: ordered(expiresAt, holdId),
  }),
  /** gsi1 of a hold's mark: every event's holds by expiry, sharded by the hold's id. */
  holdsDue: (expiresAt: string, holdId: string) => ({ gsi1pk: `HOLDS_DUE${shardOf(holdId)}`, gsi1sk: ordered(expiresAt, holdId) }),
  heldMarkPartitions: (eventId: string) => shardSuffixes.filter(Boolean).map((s) => `HOLDS#${eventId}${s}`),
  holdsDuePartitions: () => shardSuffixes.filter(Boolean).map((s) => `HOLDS_DUE${s}`),
  /** An order's ticket codes, under the part their codes share (core/order/ticket-code.ts): unique, found in one GetItem. */
  ticketCodes: (prefix: string) => ({ pk: `CODE#${prefix}`, sk: 'CODE' }),
  /**
   * One ticket (core/ticket/): who it is for and its check-in, found by id; its code is found
   * through its order's code item (ticketCodes), whose list holds the ticket's id.
   */
  ticket: (id: string) => ({ pk: `TICKET#${id}`, sk: 'TICKET' }),
  /** gsi1: an event's tickets by purchase, sharded by the ticket's id (an on-sale writes many at once). */
  ticketsByEvent: (eventId: string, purchaseDate: string, id: string) => ({
    gsi1pk: `EVENT_TICKETS#${eventId}${shardOf(id)}`,
    gsi1sk: ordered(purchaseDate, id),
  }),
  eventTicketsPartitions: (eventId: string) => shardSuffixes.map((s) => `EVENT_TICKETS#${eventId}${s}`),
  /**
   * gsi1 (sparse), on an order's code item until its tickets' records are written: what the sweep
   * Queries for the orders a crash left without them (core/ticket/records.sweep.ts).
   */
  ticketRecordsDue: (dueAt: string, prefix: string) => ({ gsi1pk: `TICKET_RECORDS_DUE${shardOf(prefix)}`, gsi1sk: ordered(dueAt, prefix) }),
  ticketRecordsDuePartitions: () => shardSuffixes.filter(Boolean).map((s) => `TICKET_RECORDS_DUE${s}`),
  /** One shard of an event's ticket counters: valid and checked-in tickets per type (`valid#<typeId>`, `in#<typeId>`). */
  ticketCounter: (eventId: string, shard: string) => ({ pk: `TICKET_COUNTER#${eventId}${shard}`, sk: 'COUNTER' }),
  /** gsi1: the jobs still to do, in the order they were last queued: what the worker Queries. */
  pendingJobs: (queuedAt: string, id: string) => ({ gsi1pk: 'JOBS', gsi1sk: ordered(queuedAt, id) }),
} as const;

/** The sort value an ordered index key holds ('2030-01-01T00:00:00.000Z#id' -> the date part). */
export const orderedValue = (sortKey: unknown) => String(sortKey ?? '').split('#')[0] ?? '';

/** The key attributes of an item: stripped before an item leaves its repository. */
export const keyAttributes = ['pk', 'sk', 'gsi1pk', 'gsi1sk', 'gsi2pk', 'gsi2sk', 'gsi3pk', 'gsi3sk', 'gsi4pk', 'gsi4sk', 'ttl'] as const;
