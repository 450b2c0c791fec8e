import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = resolve(import.meta.dirname, '../..');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' || entry.name === 'dist' ? [] : sourceFiles(path);
    return /\.(ts|tsx|html|css)$/.test(entry.name) ? [path] : [];
  });
}

describe('the product', () => {
  it('promises nothing it does not do: no "Coming soon" in any package', () => {
    const files = ['core', 'functions', 'web'].flatMap((name) => sourceFiles(join(root, 'packages', name, 'src')));
    expect(files.length).toBeGreaterThan(50);
    const offenders = files.filter((file) => /coming soon/i.test(readFileSync(file, 'utf8')));
    expect(offenders).toEqual([]);
  });
});
