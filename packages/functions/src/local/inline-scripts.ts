import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';

/**
 * The CSP sources ('sha256-...') that allow exactly the inline scripts of a page: the built pages
 * carry the theme script inline (packages/web/vite-prerender.ts), so their first paint waits
 * for no file. Scripts with a src are not inline and need none.
 */
export function inlineScriptSources(html: string): string[] {
  return [...html.matchAll(/<script>([\s\S]*?)<\/script>/g)].map(
    ([, code]) => `'sha256-${createHash('sha256').update(code!, 'utf8').digest('base64')}'`,
  );
}

/** Those of every page the web build wrote (index.html, login.html), each source once. */
export function builtInlineScripts(webDist: string): string[] {
  const pages = ['index.html', 'login.html'].map((name) => resolve(webDist, name)).filter((page) => existsSync(page));
  return [...new Set(pages.flatMap((page) => inlineScriptSources(readFileSync(page, 'utf8'))))];
}
