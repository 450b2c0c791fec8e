import { describe, expect, it } from 'vitest';
import { localConfig } from '@event-admin/functions/config';
import { isPublicAddress, localTargetPolicy } from '@event-admin/core/webhook/target';

describe('isPublicAddress', () => {
  it('keeps public unicast only, reading IPv4-mapped forms as the IPv4 they map', () => {
    for (const address of ['8.8.8.8', '93.184.215.14', '2606:4700::1111', '::ffff:8.8.8.8'])
      expect(isPublicAddress(address), address).toBe(true);
    for (const address of [
      '::ffff:127.0.0.1',
      '::ffff:7f00:1',
      '::ffff:169.254.169.254',
      '64:ff9b::a9fe:a9fe',
      'fec0::1',
      '198.18.0.1',
      '127.0.0.1',
      '10.0.0.1',
      '172.16.0.1',
      '192.168.1.1',
      '169.254.169.254',
      '100.64.0.1',
      '0.0.0.0',
      '255.255.255.255',
      '224.0.0.1',
      '192.0.2.1',
      '::1',
      '::',
      'fd00::1',
      'fe80::1',
      '2002:7f00:1::',
      '2001:db8::1',
      'not an address',
    ]) {
      expect(isPublicAddress(address), address).toBe(false);
    }
  });
});

describe('WEBHOOK_ALLOW_PRIVATE', () => {
  it('allows private targets while the server listens on loopback, unless 0; 1 allows them anywhere', () => {
    expect(localTargetPolicy(undefined, '127.0.0.1')).toEqual({ allowHttp: true, allowPrivate: true });
    expect(localTargetPolicy('', 'localhost')).toEqual({ allowHttp: true, allowPrivate: true });
    expect(localTargetPolicy(undefined, '0.0.0.0').allowPrivate).toBe(false);
    expect(localTargetPolicy(undefined, '192.168.1.20').allowPrivate).toBe(false);
    expect(localTargetPolicy('0', '127.0.0.1').allowPrivate).toBe(false);
    expect(localTargetPolicy('1', '0.0.0.0').allowPrivate).toBe(true);
    expect(() => localTargetPolicy('yes', '127.0.0.1')).toThrow('WEBHOOK_ALLOW_PRIVATE is 1 or 0');
  });

  it('is read by npm start with HOST', () => {
    expect(localConfig({ WEBHOOK_ALLOW_PRIVATE: '0' }, 'http://127.0.0.1:8000').webhookTargets).toEqual({
      allowHttp: true,
      allowPrivate: false,
    });
    expect(localConfig({ HOST: '0.0.0.0' }, 'http://127.0.0.1:8000').webhookTargets?.allowPrivate).toBe(false);
    expect(localConfig({}, 'http://127.0.0.1:8000').webhookTargets?.allowPrivate).toBe(true);
  });
});
