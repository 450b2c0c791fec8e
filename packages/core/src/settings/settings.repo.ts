import { GetCommand } from '@aws-sdk/lib-dynamodb';
import type { z } from 'zod';
import type { Db } from '../db/client.ts';
import { keys } from '../db/keys.ts';
import { diffFields } from '../audit/audit.rules.ts';
import { upsertVersioned } from '../db/versioned.ts';
import { defaultServiceFeePercentage, type AppSettingsInfo, type saveAppSettingsInput } from './settings.schema.ts';
import type { Actor } from '../fn.ts';
import { defaultTimeZone } from '../time/zone.ts';

export function fromItem(item: Record<string, unknown> | undefined): AppSettingsInfo {
  return {
    serviceFeePercentage: (item?.serviceFeePercentage as string | undefined) ?? defaultServiceFeePercentage,
    timeZone: (item?.timeZone as string | undefined) ?? defaultTimeZone,
    updatedAt: (item?.updatedAt as string | undefined) ?? null,
    version: Number(item?.version ?? 0),
  };
}

/** The app settings (one item); the defaults when never saved. */
export async function getSettingsItem(db: Db, consistent = false) {
  const result = await db.doc.send(new GetCommand({ TableName: db.tableName, Key: keys.settings(), ConsistentRead: consistent }));
  return result.Item;
}

export async function putSettingsItem(
  db: Db,
  input: z.output<typeof saveAppSettingsInput>,
  actor: Actor,
  now = new Date(),
  derive?: Parameters<typeof upsertVersioned>[7],
) {
  const { version, ...fields } = input;
  const audit = {
    record: { actor, action: 'update', entity: 'settings' as const, entityId: 'app', summary: 'Saved the app settings' },
    changes: (before: Record<string, unknown> | undefined, after: Record<string, unknown>) =>
      diffFields(before, after, Object.keys(fields)),
  };
  return fromItem(
    await upsertVersioned(
      db,
      'These settings were',
      keys.settings(),
      { ...fields, updatedAt: now.toISOString() },
      {},
      version,
      audit,
      derive,
    ),
  );
}
