import * as z from 'zod';
import { expectedVersion, isoTime, named, wholeCount } from '../shared.schema.ts';
import { timeZoneField } from '../time/zone.schema.ts';

export const defaultServiceFeePercentage = '18';

/**
 * The Global Settings form and POST /api/app-settings. SPEC §5: non-empty, no numeric or range
 * check. `timeZone` (issue 32) is the business's: left out (SPEC's body), it stays as it is.
 */
export const appSettingsForm = z.object({
  serviceFeePercentage: z
    .string({
      error: (issue) =>
        issue.input === undefined ? 'Service fee percentage is required' : 'Service fee percentage must be text, such as "18"',
    })
    .trim()
    .min(1, 'Service fee percentage is required')
    .max(20, 'Service fee percentage must be at most 20 characters'),
  timeZone: timeZoneField.optional(),
});
export type AppSettingsForm = z.infer<typeof appSettingsForm>;

export const saveAppSettingsInput = appSettingsForm.extend({ version: expectedVersion });

export const appSettingsInfo = named('AppSettingsInfo', {
  serviceFeePercentage: z.string(),
  /** the business's IANA time zone: its days, "today" and the dates shown; UTC until set */
  timeZone: z.string(),
  updatedAt: isoTime.nullable(),
  version: wholeCount,
});
export type AppSettingsInfo = z.output<typeof appSettingsInfo>;
