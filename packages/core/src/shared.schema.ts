import * as z from 'zod';

/** Optional free text: absent becomes ''. */
export const optionalText = (max = 5000) => z.string().trim().max(max, `Must be at most ${max} characters`).default('');

/**
 * The version a client last read; an update that carries it is refused if the item moved on.
 * 0 is what a read gives for a record never saved (settings, content blocks), so it is accepted
 * and means "refuse if someone saved it first".
 */
export const expectedVersion = z.number().int().min(0).optional();

export const entityId = z.string().trim().min(1, 'An id is required').max(100, 'Ids are at most 100 characters');

/**
 * An http(s) address or nothing; anything else (javascript:, data:) is refused. No default here:
 * zod 4 applies a default even under .optional(), which would turn "not sent" into "cleared".
 */
export const httpUrlOrEmpty = (message: string) =>
  z
    .string()
    .trim()
    .max(2000, 'Addresses are at most 2000 characters')
    .refine((value) => value === '' || isHttpUrl(value), message);

export function isHttpUrl(value: string) {
  if (!/^https?:\/\//i.test(value)) return false;
  try {
    new URL(value);
    return true;
  } catch {
    return false;
  }
}

/** A date string that parses, stored as an ISO timestamp. */
export const parseableDate = (message: string) =>
  z
    .string()
    .trim()
    .refine((value) => value !== '' && !Number.isNaN(Date.parse(value)), message);

/** A list's search box, sent to the server: matched case-insensitively, anywhere in the list. */
export const searchTerm = z.string().max(200, 'Search terms are at most 200 characters').optional();

/** How a search term is compared: trimmed, lower case; '' means no search. */
export const normalizeSearch = (term: string | null | undefined) => (term ?? '').trim().toLowerCase();

/** The cursor-paged lists' input: page size, where to continue, and an optional search. */
export const pageInput = (defaultLimit: number) =>
  z.object({
    limit: z.number().int().min(1).max(100).default(defaultLimit),
    cursor: z.string().max(4000).nullish(),
    q: searchTerm,
  });

/** The orders a dated list can be read in: its index key, descending (newest first) or ascending. */
export const listOrders = ['desc', 'asc'] as const;
export type ListOrder = (typeof listOrders)[number];
/** A dated list's order; newest first unless asked otherwise. */
export const listOrder = z.enum(listOrders, 'Order must be asc or desc').default('desc');

const logLimitMessage = 'Limit must be a number from 1 to 100';
/** A log's page (the history, a webhook's deliveries): its size from 1 to 100, 25 unless told, and where to continue. */
export const logPageFields = {
  limit: z.coerce.number({ error: logLimitMessage }).int(logLimitMessage).min(1, logLimitMessage).max(100, logLimitMessage).default(25),
  cursor: z.string().max(4000, 'Cursors are at most 4000 characters').nullish(),
};

/** The page a `list` procedure answers when not told a size. */
export const defaultListLimit = 100;

/**
 * The `list` procedures and `?limit=N&cursor=C` on SPEC's whole lists: at most N items (1 to
 * 1000, 100 unless told) from where the last page stopped. A procedure never answers a whole
 * table; only the REST whole lists do, streamed a Query page at a time.
 */
export const listPageInput = z
  .object({
    limit: z.coerce
      .number({ error: 'Limit must be a whole number between 1 and 1000' })
      .int('Limit must be a whole number between 1 and 1000')
      .min(1, 'Limit must be a whole number between 1 and 1000')
      .max(1000, 'Limit must be a whole number between 1 and 1000')
      .default(defaultListLimit),
    cursor: z.string().max(4000).nullish(),
  })
  .prefault({});

/**
 * The Idempotency-Key of a write a client may retry (a header on REST, this field on tRPC): the
 * same key with the same request within 24 hours answers the first answer again.
 */
export const idempotencyKey = z
  .string()
  .regex(/^[\x21-\x7e]{1,200}$/, 'An Idempotency-Key is 1 to 200 visible ASCII characters (a UUID is a good one)')
  .optional();

// ---- answers: what the API sends back (each procedure's `.output()`, the OpenAPI document's schemas) ----

/** The answers the API reference names: each becomes one `components.schemas` entry (its `id`). */
export const namedAnswers = z.registry<{ id: string }, z.ZodType>();

/** Names an answer schema in the API reference (docs/openapi.md): a schema, or an object's fields. */
export function named<S extends z.ZodType>(id: string, schema: S): S;
export function named<Shape extends z.ZodRawShape>(id: string, fields: Shape): z.ZodObject<Shape>;
export function named(id: string, schemaOrFields: z.ZodType | z.ZodRawShape) {
  const schema = schemaOrFields instanceof z.ZodType ? schemaOrFields : z.object(schemaOrFields);
  namedAnswers.add(schema, { id });
  return schema;
}

/** An ISO 8601 time in UTC, as `Date.prototype.toISOString` writes it. */
export const isoTime = z.iso.datetime();
/** Money as SPEC shows it: '$12.34' (a negative total only after refunds). */
export const moneyText = z.string().regex(/^-?\$\d+\.\d{2}$/);
/** A conversion as shown: '12.5%'. */
export const percentText = z.string().regex(/^\d+(\.\d)?%$/);
/** A count: a whole number, never negative. */
export const wholeCount = z.number().int().min(0);

/** One page of a cursor-paged list: `nextCursor` null on the last page. */
export const pageOf = <Item extends z.ZodType>(item: Item) => z.object({ items: z.array(item), nextCursor: z.string().nullable() });

/** One page of a searchable list, and how far down the list it reached (db/query.ts's SearchPage). */
export const searchPageOf = <Item extends z.ZodType>(item: Item) =>
  z.object({ items: z.array(item), nextCursor: z.string().nullable(), scanned: wholeCount, position: z.string().nullable() });

/** A write that has nothing else to say. */
export const okAnswer = named('Ok', { ok: z.literal(true) });
