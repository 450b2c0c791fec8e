import { createHash } from 'node:crypto';

/**
 * The CSP sources ('sha256-...') that allow exactly the inline scripts of a page: login.html
 * carries the theme script inline (packages/web/vite-prerender.ts), so its first paint waits
 * for no file. Scripts with a src are not inline and need none.
 */
export function inlineScriptSources(html: string): string[] {
  return [...html.matchAll(/<script>([\s\S]*?)<\/script>/g)].map(
    ([, code]) => `'sha256-${createHash('sha256').update(code!, 'utf8').digest('base64')}'`,
  );
}
