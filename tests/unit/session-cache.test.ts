import { describe, expect, it } from 'vitest';
import { SessionCache, type CachedSession } from '@event-admin/core/session/cache';
import { chooseEncoding } from '@event-admin/functions/compress';
import { customerSearchText, phoneSearchDigits } from '@event-admin/core/customer/customer.rules';
import { transactionSearchText } from '@event-admin/core/transaction/transaction.rules';

describe('SessionCache', () => {
  const session = { username: 'admin', userId: 'u-admin', twoFactorEnabled: false, expiresAt: 100_000, epoch: 0 };
  const newCache = (ttlMs: number, maxEntries: number) => new SessionCache<CachedSession>((s) => s.userId, ttlMs, maxEntries);

  it('serves an entry until its TTL, then forgets it', () => {
    const cache = newCache(30_000, 10);
    cache.set('a', session, 0);
    expect(cache.get('a', 29_999)).toEqual(session);
    expect(cache.get('a', 30_000)).toBeUndefined();
    expect(cache.size).toBe(0);
  });

  it('never serves a session past its own expiry, whatever the TTL', () => {
    const cache = newCache(30_000, 10);
    cache.set('a', { username: 'admin', userId: 'u-admin', twoFactorEnabled: false, expiresAt: 10_000, epoch: 0 }, 0);
    expect(cache.get('a', 9_999)).toBeDefined();
    expect(cache.get('a', 10_000)).toBeUndefined();
    cache.set('b', { username: 'admin', userId: 'u-admin', twoFactorEnabled: false, expiresAt: 5, epoch: 0 }, 10);
    expect(cache.get('b', 10)).toBeUndefined();
  });

  it('evicts the least recently used entry when full, and deletes on request', () => {
    const cache = newCache(30_000, 2);
    cache.set('a', session, 0);
    cache.set('b', session, 0);
    cache.get('a', 1);
    cache.set('c', session, 2);
    expect(cache.get('b', 3)).toBeUndefined();
    expect(cache.get('a', 3)).toBeDefined();
    expect(cache.get('c', 3)).toBeDefined();
    cache.delete('a');
    expect(cache.get('a', 4)).toBeUndefined();
  });

  it('never serves what was issued under an epoch a member has moved on from, even when put back later', () => {
    const cache = newCache(30_000, 10);
    cache.set('old', session, 0);
    cache.set('other', { ...session, userId: 'u-other' }, 0);
    cache.retire('u-admin', 1);
    expect(cache.get('old', 1)).toBeUndefined();
    // a read that began before the change puts its entry back afterwards: still refused
    cache.set('old', session, 2);
    expect(cache.get('old', 3)).toBeUndefined();
    expect(cache.get('other', 3)).toBeDefined();
    cache.set('new', { ...session, epoch: 1 }, 4);
    expect(cache.get('new', 5)).toBeDefined();
  });

  it('a TTL of 0 turns it off', () => {
    const cache = newCache(0, 10);
    cache.set('a', session, 0);
    expect(cache.get('a', 0)).toBeUndefined();
  });
});

describe('search text', () => {
  it('holds the transaction fields SPEC searches, lower-cased, the amount with and without $', () => {
    const text = transactionSearchText({ eventTitle: 'Jazz Night', customerName: 'Ada Lovelace', amountCents: 1234, status: 'completed' });
    expect(text.split('\n')).toEqual(['jazz night', 'ada lovelace', '$12.34', '12.34', 'completed']);
    expect(transactionSearchText({ eventTitle: null, customerName: undefined, amountCents: 5, status: '' })).toBe(
      'unknown event\nunknown customer\n$0.05\n0.05\npending',
    );
  });

  it('customers: name, e-mail and phone; phone-like terms also match digits', () => {
    expect(customerSearchText({ name: 'Ada L', email: 'ADA@x.io', phone: '(555) 010' })).toBe('ada l\nada@x.io\n(555) 010');
    expect(phoneSearchDigits('(555) 010-2')).toBe('5550102');
    expect(phoneSearchDigits('55')).toBeNull();
    expect(phoneSearchDigits('ada 555')).toBeNull();
  });
});

describe('chooseEncoding', () => {
  it('prefers brotli, then gzip, and respects q=0', () => {
    expect(chooseEncoding('gzip, deflate, br')).toBe('br');
    expect(chooseEncoding('gzip')).toBe('gzip');
    expect(chooseEncoding('br;q=0, gzip;q=0.5')).toBe('gzip');
    expect(chooseEncoding('identity')).toBeUndefined();
    expect(chooseEncoding(undefined)).toBeUndefined();
    expect(chooseEncoding('*')).toBe('br');
  });
});
