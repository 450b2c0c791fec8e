// What the document says that no code can: what each tag, failure and named schema means.

/** Each tag's line in the reference, in the order the reference shows them. */
export const tags = {
  Health: 'Whether the API and its store answer.',
  'Sign-in': 'Sessions: sign in and out, invitations.',
  Account: "The signed-in member's own account: password, two-factor sign-in, sessions, API tokens.",
  Team: 'Members and the team sign-in rule.',
  Dashboard: 'Headline figures.',
  Events: 'Events with their SEO, call to action and page content.',
  Tickets: "Ticket types, an event's capacity and what is left to sell.",
  Customers: 'Customers, their addresses and their data.',
  Transactions: 'Purchases, refunds and status changes.',
  Orders: "Orders of an event's tickets, and holds that keep tickets for a checkout.",
  'Check-in': 'Tickets and attendees, and the door: check-ins, their undo, the counts, the list for scanning offline.',
  History: 'Who changed what, and when.',
  Reports: 'Sales by day.',
  Exports: 'CSV files for the accountant.',
  Settings: 'The global service fee.',
  Webhooks: 'Endpoints told about changes as they happen (Standard Webhooks), and their deliveries.',
  Reference: 'This reference.',
} as const satisfies Record<string, string>;

/** Each failure's component: a `text/plain` message, the same words the app shows. */
export const failures = {
  400: {
    name: 'BadRequest',
    description: 'The request is not valid: the message names the field and the rule.',
    example: 'Title must be at least 3 characters long',
  },
  401: {
    name: 'Unauthorized',
    description: 'Not signed in, or the credentials are wrong, expired or revoked.',
    example: 'Please sign in to continue',
  },
  403: {
    name: 'Forbidden',
    description:
      'Refused: a write from another origin, a read-only API token writing, an API token on an account route, a password not confirmed in the last 10 minutes, or 2FA setup that the team requires.',
    example: 'Confirm your password to continue',
  },
  404: { name: 'NotFound', description: 'Nothing has this id.', example: 'Event not found' },
  409: {
    name: 'Conflict',
    description: 'It changed since it was read (a stale `version`), a duplicate, or a state that does not allow this.',
    example: 'This event was changed by someone else since you opened it. Reload to see the latest version, then apply your changes again.',
  },
  413: { name: 'PayloadTooLarge', description: 'The body is over 1 MB.', example: 'The request body is larger than 1 MB' },
  422: {
    name: 'UnprocessableContent',
    description: 'This Idempotency-Key was used with a different request.',
    example: 'This Idempotency-Key was already used with a different request. Use a new key for a new request.',
  },
  429: {
    name: 'TooManyRequests',
    description:
      'Too many failed password checks in a row for this username from this client address (an IPv6 client by its /64): locked for that address only, 1 minute after the fifth failure, then 2, 4, 8 and at most 15 minutes; or more than 20 checks from this address in this quarter hour, whatever the usernames.',
    example: 'Too many failed sign-in attempts. Try again in 1 minute(s).',
  },
  500: {
    name: 'InternalError',
    description: 'A bug on our side; the message names the request id to report.',
    example: 'Something went wrong on our side. Please try again.',
  },
  503: {
    name: 'Unavailable',
    description:
      'The store did not answer or is too busy; nothing was changed (or, cut off mid-write, retry with the same Idempotency-Key).',
    example: 'The database is not reachable right now. Please try again shortly.',
  },
} as const satisfies Record<number, { name: string; description: string; example: string }>;

/**
 * What each named answer schema holds (core's `named(id, ...)` in the schema files), shown with it
 * in the reference: every named schema needs one, and each one a named schema.
 */
export const schemaDescriptions: Readonly<Record<string, string>> = {
  HealthStatus: 'The store answered.',
  Ok: 'Done.',
  SessionUser: 'The member now signed in.',
  Me: 'The signed-in member; `twoFactorSetupRequired`: the team requires 2FA and this member has none yet.',
  TwoFactorSetup: 'A new TOTP secret (base32) and its otpauth:// address, pending until a first code enables it.',
  RecoveryCodes: 'Two-factor sign-in is on; the recovery codes, shown this once.',
  SessionInfo: 'One signed-in browser of the member (`current`: the one asking).',
  ApiTokenInfo: 'An API token as listed: never its value. `expiresAt` null: it does not expire.',
  CreatedApiToken: 'A new API token with its value, shown this once: send it as `Authorization: Bearer <token>`.',
  UserInfo: 'A member of the team (every member is an Administrator).',
  Invitation: 'An invitation, shown this once: the member opens `inviteUrl` (valid 72 hours) to set a password.',
  SecurityPolicy: "The team's sign-in rule.",
  DashboardStats: 'The headline figures: `ticketSales` in whole dollars, `avgConversion` the mean percent of events with views.',
  TopEvent: 'One of the five highest-converting events.',
  EventInfo: 'An event with its counters (`sales` in dollars of completed purchases).',
  SeoInfo: "An event's SEO record (`keywords` comma-separated).",
  EventWithDetails: 'An event with its SEO summary (null when it has none); `archivedAt` null until archived.',
  CtaInfo: "An event's call-to-action button.",
  ContentBlock: 'One block of an event page, by `type`.',
  TicketTypeInfo:
    'A ticket type with its figures as they stand (`price` like `$25.00`; `quantity` null: no limit of its own; `available` null when neither it nor the event is limited).',
  Availability:
    "An event's capacity and each type's figures, exact at the moment of the read (`onSale`: the event is on sale and the type within its sales window).",
  CustomerInfo: 'A customer; `erasedAt` and `erasure` once erased (the record stays, the person is gone).',
  AddressInfo: "A customer's address (`addressType` billing, or shipping for anything else).",
  TransactionInfo: 'A purchase.',
  TransactionRow: "A purchase with its event's title and customer's name (null when unknown).",
  RefundInfo: 'One refund of a transaction.',
  TransactionDetail: "A transaction with its version and refunds, oldest first (`refundedAmount` '$0.00' when none).",
  BulkResult: "One id's outcome: `status` when done, `error` (the message a single call would give) when refused.",
  BulkResults: 'Each id done or refused on its own, in the order sent.',
  TransactionTotals: "The transactions page's cards (`totalRevenue` every amount summed).",
  AppSettingsInfo: 'The global settings (`updatedAt` null until first saved).',
  AuditChange: 'One changed field, before and after.',
  AuditEntry: 'One history record: who (`actor`: a username, or `token:<name> (<owner>)`), what and when.',
  AuditPage: 'A page of history, newest first; `nextCursor` null on the last page.',
  DayFigures: 'What a day, or a range in total, holds (money in cents).',
  SalesReport: "Every day of the range in the business's time zone (zeros included), its totals, and the same number of days just before.",
  WebhookInfo: 'A webhook endpoint, never its secret (`disabledReason`: why the sender turned it off, if it did).',
  CreatedWebhook: 'A new endpoint with its signing secret (`whsec_` and base64), shown this once.',
  DeliveryInfo: 'One announcement to one endpoint and how its delivery went (`nextAttemptAt` null once delivered or given up).',
  DeliveriesPage: "A page of an endpoint's deliveries, newest first; `nextCursor` null on the last page.",
  WebhookPing: 'The `ping` queued for delivery: its `webhook-id`.',
  CustomerData: 'Everything held about one customer (GDPR art. 15).',
  OrderLine: 'One ticket type of an order: how many, at what price each, and the line total.',
  Ticket: 'One admission: its code (20 characters, no 0/O or 1/I, case-insensitive) and who it is for (null when not told, or erased).',
  Order: 'An order: the transaction it is (`amount` = `subtotal` + `serviceFee`), its lines and one ticket per admission.',
  TicketDetail: 'One ticket with its attendee and check-in; `status` `void` once its order failed or was refunded in full.',
  TicketsPage: 'A page of tickets and the cursor of the next (null at the end).',
  CheckIn: 'An admitted ticket: when (`scannedAt` when sent) and by which member.',
  CheckInStats: "An event's valid tickets and those checked in, in all and per ticket type.",
  CheckInList: 'Every ticket of an event for a door scanning offline: codes only as SHA-256 hashes of their normalized form.',
  Hold: 'Tickets kept for a checkout until `expiresAt`; `status` `expired` once its time is up, whether or not they were swept back yet.',
  PrintableTicket: 'A valid ticket as printed: its code, its type by name, who it is for (null when not told, or erased).',
  PrintableTickets:
    "What an order's tickets PDF prints: its event (`date` and `time` on the event's clock, like `Jul 14, 2031` and `20:00 PDT`) and its valid tickets.",
};
