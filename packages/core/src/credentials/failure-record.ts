import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { auditPut } from '../audit/audit.repo.ts';
import type { Db } from '../db/client.ts';
import { keys } from '../db/keys.ts';
import { companion, conditional, failedConditions, transact } from '../db/write.ts';
import { throttleAddress } from './address-limit.ts';
import { sha256Hex } from './password.ts';
import type { Attempt } from './throttle.ts';

const hourMs = 60 * 60_000;

/**
 * A failed check's history record (with the client's address): one per failure for a member's
 * name, but failures for names that are no member fold into one record per address and hour
 * (unknownNamesRecord), so a stream of made-up names cannot fill the history.
 */
export async function recordFailedCheck(db: Db, attempt: Attempt, now: number, what: string) {
  if (attempt.unknownName) return unknownNamesRecord(db, attempt.address, now);
  const summary = `Failed ${what} as ${attempt.username} from ${attempt.address}`;
  await transact(db, [
    auditPut(
      {
        // a failed sign-in is nobody acting; a failed confirmation is the signed-in member
        actor: { name: attempt.username, ...(attempt.memberId ? { memberId: attempt.memberId } : {}) },
        action: what === 'sign-in' ? 'sign_in_failed' : 'confirm_failed',
        entity: 'auth',
        entityId: attempt.username,
        summary,
        address: attempt.address,
        notable: true,
      },
      new Date(now),
    ),
  ]);
}

/**
 * The hour's one record of failed sign-ins from an address as usernames that are no member
 * (which names is left out: they are whatever was typed). Its `attempts` change counts them: the
 * first failure of the hour puts the record (at the hour's start, under an id made of address and
 * hour), every later one adds one to it.
 */
async function unknownNamesRecord(db: Db, address: string, now: number) {
  const counted = throttleAddress(address);
  const hour = new Date(Math.floor(now / hourMs) * hourMs);
  const id = `unknown-names-${sha256Hex(`${counted}#${hour.toISOString()}`).slice(0, 32)}`;
  const addOne = () =>
    conditional(
      db.doc.send(
        new UpdateCommand({
          TableName: db.tableName,
          Key: keys.audit('auth', counted, hour.toISOString(), id),
          UpdateExpression: 'SET changes[0].#to = changes[0].#to + :one',
          ConditionExpression: 'attribute_exists(pk)',
          ExpressionAttributeNames: { '#to': 'to' },
          ExpressionAttributeValues: { ':one': 1 },
        }),
      ),
    );
  if (await addOne()) return;
  const record = auditPut(
    {
      actor: { name: 'anonymous' },
      action: 'sign_in_failed',
      entity: 'auth',
      entityId: counted,
      summary: `Failed sign-ins from ${counted} as usernames that are no member, in the hour from ${hour.toISOString()}`,
      changes: [{ field: 'attempts', from: null, to: 1 }],
      address: counted,
      notable: true,
    },
    hour,
    id,
  );
  try {
    await transact(db, [{ Put: { ...record.Put, ConditionExpression: 'attribute_not_exists(pk)' }, [companion]: record[companion] }]);
  } catch (error) {
    // a parallel failure put it first: count this one on it
    if (failedConditions(error)?.includes(0)) await addOne();
    else throw error;
  }
}
