import * as z from 'zod';
import { named } from './shared.schema.ts';

/** GET /api/health when the store answers (health.ts). */
export const healthStatus = named('HealthStatus', { status: z.literal('ok'), database: z.literal('up') });
export type HealthStatus = z.output<typeof healthStatus>;
