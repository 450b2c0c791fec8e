import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const core = resolve(import.meta.dirname, '../../packages/core/src');

/**
 * Sign-in is layered: credentials (hashing, counted checks) below members, second factors,
 * sessions and API tokens, and account (sign-in and account changes) on top. Which folder may
 * import which, type imports included; anything else is a cycle in the making.
 */
const allowed: Record<string, string[]> = {
  auth: [],
  credentials: [],
  user: ['auth', 'credentials'],
  'two-factor': ['credentials'],
  session: ['auth', 'credentials', 'user'],
  'api-token': ['credentials', 'session', 'user'],
  account: ['auth', 'credentials', 'user', 'two-factor', 'session', 'api-token'],
};

function importsBetweenFolders() {
  const found: string[] = [];
  for (const folder of Object.keys(allowed)) {
    for (const name of readdirSync(join(core, folder)).filter((n) => n.endsWith('.ts'))) {
      const text = readFileSync(join(core, folder, name), 'utf8');
      for (const [, path] of text.matchAll(/from '(\.[^']+)'/g)) {
        const target = relative(core, resolve(dirname(join(core, folder, name)), path!)).split('/')[0]!;
        if (target !== folder && target in allowed) found.push(`${folder} -> ${target}`);
      }
    }
  }
  return [...new Set(found)];
}

describe('the sign-in folders of core', () => {
  it('import each other in one direction only: no folder cycles', () => {
    const imports = importsBetweenFolders();
    expect(imports.length).toBeGreaterThan(5);
    expect(imports.filter((edge) => !allowed[edge.split(' -> ')[0]!]!.includes(edge.split(' -> ')[1]!))).toEqual([]);
  });
});
