import { describe, expect, it } from 'vitest';
import { signedInForFile } from '../setup/api.ts';
import { expectError } from './helpers.ts';

const { api, client } = await signedInForFile();
const session = client.cookie;

/** 8 KB of printable junk with the characters a cookie parser trips on: `%`, `;`, `=`, quotes. */
const junk = (() => {
  const chars = '%E0%A4%A;=,"\\ %%zz%ff-_~!';
  return Array.from({ length: 8192 }, (_, i) => chars[(i * 7919) % chars.length]).join('');
})();

const malformed = {
  'a lone %': 'session=%',
  'a cut-off UTF-8 escape': 'session=%E0%A4%A',
  '8 KB of junk': `session=${junk}`,
  '8 KB of junk before the name': `${junk}; session=%`,
};

const get = (path: string, cookie: string) => fetch(api.base + path, { headers: { Cookie: cookie } });

describe('a malformed Cookie header is no session, never a 500', () => {
  for (const [name, cookie] of Object.entries(malformed)) {
    it(`${name}: 401 on REST and tRPC, like no cookie`, async () => {
      for (const path of ['/api/auth/me', '/api/events']) {
        const response = await get(path, cookie);
        expectError({ status: response.status, text: await response.text(), headers: response.headers, body: undefined }, 401);
      }
      const trpc = await get('/trpc/auth.me', cookie);
      expect(trpc.status, await trpc.text()).toBe(401);
    });
  }

  it('a malformed cookie beside a live session leaves the session working', async () => {
    const response = await get('/api/auth/me', `other=%E0%A4%A; ${session}; junk=%`);
    expect(response.status, await response.text()).toBe(200);
  });
});
