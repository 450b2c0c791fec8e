import { randomUUID } from 'node:crypto';
import { DeleteCommand, GetCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import type { Db } from '../db/client.ts';
import { keys } from '../db/keys.ts';
import { conditional, updateIf, type TransactItem } from '../db/write.ts';

/**
 * A job as stored: its kind and target, what it was queued with (its payload's fields, which only
 * its kind reads: jobs/registry.ts), its progress, and who works it now.
 */
export interface JobItem extends Record<string, unknown> {
  kind: string;
  targetId: string;
  /** set anew each time the job is queued: the worker's writes are conditional on it */
  ref: string;
  /** where the next step starts (the kind's own opaque text); absent: from the beginning */
  cursor?: string;
  queuedAt: string;
  /** the worker holding the job, and until when (epoch ms): one worker at a time per job */
  leaseOwner?: string;
  leaseUntil?: number;
}

/** Attributes a payload may not use: the job's own. */
const reserved = new Set(['pk', 'sk', 'gsi1pk', 'gsi1sk', 'kind', 'targetId', 'ref', 'cursor', 'queuedAt', 'leaseOwner', 'leaseUntil']);

/**
 * Queues (or re-queues) a job, as one item of the transaction that makes it necessary. Queued
 * again, its payload is overwritten and the work starts over (a later rename's name wins); a
 * worker's lease stays, and that worker notices the new `ref` at its next save.
 */
export function queueJob(kind: string, targetId: string, payload: Readonly<Record<string, unknown>>, now: Date): TransactItem {
  const queuedAt = now.toISOString();
  const fields = Object.keys(payload);
  const clash = fields.find((name) => reserved.has(name));
  if (clash) throw new Error(`A job's payload cannot use the name ${clash}`);
  return {
    Update: {
      Key: keys.job(kind, targetId),
      UpdateExpression:
        'SET #kind = :kind, #targetId = :targetId, #ref = :ref, #queuedAt = :queuedAt, gsi1pk = :gsi1pk, gsi1sk = :gsi1sk' +
        `${fields.map((_, i) => `, #p${i} = :p${i}`).join('')} REMOVE #cursor`,
      ExpressionAttributeNames: {
        '#kind': 'kind',
        '#targetId': 'targetId',
        '#ref': 'ref',
        '#queuedAt': 'queuedAt',
        '#cursor': 'cursor',
        ...Object.fromEntries(fields.map((name, i) => [`#p${i}`, name])),
      },
      ExpressionAttributeValues: {
        ':kind': kind,
        ':targetId': targetId,
        ':ref': randomUUID(),
        ':queuedAt': queuedAt,
        ...prefixed(keys.pendingJobs(queuedAt, `${kind}#${targetId}`)),
        ...Object.fromEntries(fields.map((name, i) => [`:p${i}`, payload[name]])),
      },
    },
  };
}

const prefixed = (values: Record<string, string>) => Object.fromEntries(Object.entries(values).map(([k, v]) => [`:${k}`, v]));

/** The jobs still to do, oldest queued first (at most `limit`): what a worker run looks at. */
export async function pendingJobItems(db: Db, limit: number) {
  const result = await db.doc.send(
    new QueryCommand({
      TableName: db.tableName,
      IndexName: 'gsi1',
      KeyConditionExpression: 'gsi1pk = :pk',
      ExpressionAttributeValues: { ':pk': keys.pendingJobs('', '').gsi1pk },
      Limit: limit,
    }),
  );
  return (result.Items ?? []) as unknown as JobItem[];
}

/** One job as it is now (read after a conditional write of ours failed). */
export async function getJobItem(db: Db, kind: string, targetId: string) {
  const result = await db.doc.send(new GetCommand({ TableName: db.tableName, Key: keys.job(kind, targetId), ConsistentRead: true }));
  return result.Item as JobItem | undefined;
}

/** Takes the job for `owner` until `leaseUntil`, unless another worker holds an unexpired lease. */
export function claimJob(db: Db, job: JobItem, owner: string, now: number, leaseUntil: number) {
  return updateIf(db, {
    Key: keys.job(job.kind, job.targetId),
    UpdateExpression: 'SET leaseOwner = :owner, leaseUntil = :until',
    ConditionExpression: 'attribute_exists(pk) AND (attribute_not_exists(leaseUntil) OR leaseUntil < :now OR leaseOwner = :owner)',
    ExpressionAttributeValues: { ':owner': owner, ':until': leaseUntil, ':now': now },
  });
}

/** Saves a step's progress and extends the lease, only while the job is still the one worked (same ref, same owner). */
export function saveJobCursor(db: Db, job: JobItem, owner: string, cursor: string, leaseUntil: number) {
  return updateIf(db, {
    Key: keys.job(job.kind, job.targetId),
    UpdateExpression: 'SET #cursor = :cursor, leaseUntil = :until',
    ConditionExpression: '#ref = :ref AND leaseOwner = :owner',
    ExpressionAttributeNames: { '#cursor': 'cursor', '#ref': 'ref' },
    ExpressionAttributeValues: { ':cursor': cursor, ':until': leaseUntil, ':ref': job.ref, ':owner': owner },
  });
}

/** Lets the job go (out of time), so the next run takes it at once instead of after the lease. */
export function releaseJob(db: Db, job: JobItem, owner: string) {
  return updateIf(db, {
    Key: keys.job(job.kind, job.targetId),
    UpdateExpression: 'REMOVE leaseOwner, leaseUntil',
    ConditionExpression: 'leaseOwner = :owner',
    ExpressionAttributeValues: { ':owner': owner },
  });
}

/** Deletes a finished job, unless it was queued again meanwhile (a newer name must still be applied). */
export function finishJob(db: Db, job: JobItem, owner: string) {
  return conditional(
    db.doc.send(
      new DeleteCommand({
        TableName: db.tableName,
        Key: keys.job(job.kind, job.targetId),
        ConditionExpression: '#ref = :ref AND leaseOwner = :owner',
        ExpressionAttributeNames: { '#ref': 'ref' },
        ExpressionAttributeValues: { ':ref': job.ref, ':owner': owner },
      }),
    ),
  );
}
