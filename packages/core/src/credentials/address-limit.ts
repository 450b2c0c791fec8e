import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { isIP } from 'node:net';
import type { Db } from '../db/client.ts';
import { keys } from '../db/keys.ts';
import { conditional } from '../db/write.ts';

/**
 * Password checks are also counted per client address across every username: rotating names
 * (each unknown one still costs a full hash, so the time taken does not tell which exist) gives
 * no more than this many checks per address in a quarter of an hour. Counted before the check is
 * made, by a conditional ADD, like the per-username count (throttle.ts); a check that turns out
 * right gives its place back, so signing in never uses the allowance up, but never clears it
 * either (an attacker's own account must not reset it).
 */
export const maxFailuresPerAddress = 20;
export const addressWindowMs = 15 * 60_000;

/** The four leading groups of an IPv6 address, written out: '2001:db8:0:1::/64'. */
function ipv6Prefix64(address: string) {
  const [head = '', tail] = address.split('::');
  const groups = head ? head.split(':') : [];
  if (tail !== undefined) {
    const rest = tail ? tail.split(':') : [];
    groups.push(...Array<string>(Math.max(0, 8 - groups.length - rest.length)).fill('0'), ...rest);
  }
  return `${groups
    .slice(0, 4)
    .map((g) => (g.replace(/^0+/, '') || '0').toLowerCase())
    .join(':')}::/64`;
}

/**
 * What a client is counted as: its IPv4 address, or for IPv6 its /64, the block one subscriber
 * or host usually holds (counting single IPv6 addresses would give every attacker 2^64 tries).
 */
export function throttleAddress(address: string) {
  return isIP(address.split('%')[0] ?? '') === 6 ? ipv6Prefix64(address.split('%')[0]!) : address;
}

/** The window a check made at `now` is counted in, and when it ends. */
export function addressWindow(now: number) {
  const start = Math.floor(now / addressWindowMs) * addressWindowMs;
  return { start, end: start + addressWindowMs };
}

const windowKey = (address: string, now: number) =>
  keys.loginAddress(throttleAddress(address), new Date(addressWindow(now).start).toISOString());

/** Takes one check from this address's allowance; false when it is used up. */
export const takeAddressCheck = (db: Db, address: string, now: number) =>
  conditional(
    db.doc.send(
      new UpdateCommand({
        TableName: db.tableName,
        Key: windowKey(address, now),
        UpdateExpression: 'ADD attempts :one SET #ttl = :ttl',
        ConditionExpression: 'attribute_not_exists(attempts) OR attempts < :max',
        ExpressionAttributeNames: { '#ttl': 'ttl' },
        ExpressionAttributeValues: { ':one': 1, ':max': maxFailuresPerAddress, ':ttl': Math.ceil(addressWindow(now).end / 1000) + 60 },
      }),
    ),
  );

/** Gives back a check that did not fail (right, refused by the per-username lock, or never made). */
export const giveBackAddressCheck = (db: Db, address: string, now: number) =>
  conditional(
    db.doc.send(
      new UpdateCommand({
        TableName: db.tableName,
        Key: windowKey(address, now),
        UpdateExpression: 'ADD attempts :minus',
        ConditionExpression: 'attempts > :zero',
        ExpressionAttributeValues: { ':minus': -1, ':zero': 0 },
      }),
    ),
  );
