import * as z from 'zod';
import { knownTimeZone } from './zone.ts';

export const unknownTimeZoneMessage = 'Unknown time zone';

/**
 * An IANA time zone name this engine knows (`America/New_York`, `UTC`; links such as
 * `US/Eastern` too, see knownTimeZone), stored with its case put right. Anything else:
 * 'Unknown time zone'.
 */
export const timeZoneField = z
  .string({ error: 'Time zone must be text, such as "America/New_York"' })
  .trim()
  .max(100, unknownTimeZoneMessage)
  .refine((name) => knownTimeZone(name) !== undefined, unknownTimeZoneMessage)
  .overwrite((name) => knownTimeZone(name) ?? name);
