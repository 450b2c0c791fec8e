import { table } from './routes.ts';
import type { StreamRow } from './stream-row.ts';

export type { Streamed, StreamRoute } from './stream-row.ts';

/** The rows whose answers are written as they are read (whole lists, exports, a customer's data): rest/stream.ts mounts them. */
export const streamRoutes: readonly StreamRow[] = table.filter((row): row is StreamRow => 'stream' in row);
