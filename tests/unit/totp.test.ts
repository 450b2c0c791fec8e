import { describe, expect, it } from 'vitest';
import { base32Decode, base32Encode, hotp, matchingStep, otpauthUrl, totp, type TotpAlgorithm } from '@event-admin/core/two-factor/totp';
import { authenticatorCode } from '../setup/authenticator.ts';

const ascii = (text: string) => Buffer.from(text, 'ascii');

describe('base32 (RFC 4648 §10, without padding)', () => {
  const vectors: [string, string][] = [
    ['', ''],
    ['f', 'MY'],
    ['fo', 'MZXQ'],
    ['foo', 'MZXW6'],
    ['foob', 'MZXW6YQ'],
    ['fooba', 'MZXW6YTB'],
    ['foobar', 'MZXW6YTBOI'],
  ];
  it.each(vectors)('%j <-> %s', (text, encoded) => {
    expect(base32Encode(ascii(text))).toBe(encoded);
    expect(base32Decode(encoded).toString('ascii')).toBe(text);
  });

  it('reads what people type: lower case, spaces, padding', () => {
    expect(base32Decode('mzxw 6ytb oi======').toString('ascii')).toBe('foobar');
    expect(() => base32Decode('MZXW1')).toThrow('Not a base32 string');
  });
});

describe('HOTP (RFC 4226 appendix D)', () => {
  const expected = ['755224', '287082', '359152', '969429', '338314', '254676', '287922', '162583', '399871', '520489'];
  it.each(expected.map((code, counter) => [counter, code]))('counter %i -> %s', (counter, code) => {
    expect(hotp(ascii('12345678901234567890'), counter)).toBe(code);
  });
});

describe('TOTP (RFC 6238 appendix B, 8 digits)', () => {
  const seeds: Record<TotpAlgorithm, Buffer> = {
    sha1: ascii('12345678901234567890'),
    sha256: ascii('12345678901234567890123456789012'),
    sha512: ascii('1234567890123456789012345678901234567890123456789012345678901234'),
  };
  const vectors: [number, string, string, string][] = [
    [59, '94287082', '46119246', '90693936'],
    [1111111109, '07081804', '68084774', '25091201'],
    [1111111111, '14050471', '67062674', '99943326'],
    [1234567890, '89005924', '91819424', '93441116'],
    [2000000000, '69279037', '90698825', '38618901'],
    [20000000000, '65353130', '77737706', '47863826'],
  ];
  it.each(vectors)('T = %i s', (seconds, sha1, sha256, sha512) => {
    expect(totp(seeds.sha1, seconds * 1000, 8, 'sha1')).toBe(sha1);
    expect(totp(seeds.sha256, seconds * 1000, 8, 'sha256')).toBe(sha256);
    expect(totp(seeds.sha512, seconds * 1000, 8, 'sha512')).toBe(sha512);
  });
});

describe('checking a code', () => {
  const secret = base32Encode(ascii('12345678901234567890'));
  const key = base32Decode(secret);
  const now = 1_111_111_111_000;
  const step = Math.floor(now / 30_000);

  it("agrees with the tests' own authenticator", () => {
    expect(totp(key, now)).toBe(authenticatorCode(secret, 0, now));
  });

  it('accepts the current step and one step of drift either way, naming the step', () => {
    expect(matchingStep(key, authenticatorCode(secret, 0, now), now)).toBe(step);
    expect(matchingStep(key, authenticatorCode(secret, -1, now), now)).toBe(step - 1);
    expect(matchingStep(key, authenticatorCode(secret, 1, now), now)).toBe(step + 1);
  });

  it('refuses two steps away, and anything that is not 6 digits', () => {
    expect(matchingStep(key, authenticatorCode(secret, 2, now), now)).toBeNull();
    expect(matchingStep(key, authenticatorCode(secret, -2, now), now)).toBeNull();
    for (const code of ['', '12345', '1234567', 'abcdef', ' 123456']) expect(matchingStep(key, code, now)).toBeNull();
  });

  it('builds the otpauth:// URL apps scan', () => {
    expect(otpauthUrl('JBSWY3DPEHPK3PXP', 'admin', 'Northstar Events')).toBe(
      'otpauth://totp/Northstar%20Events:admin?secret=JBSWY3DPEHPK3PXP&issuer=Northstar+Events&algorithm=SHA1&digits=6&period=30',
    );
  });
});
