import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { build, type Plugin, type ResolvedConfig } from 'vite';

const rootMarkup = '<div id="root"></div>';
const entryTag = /<script type="module"[^>]*\ssrc="([^"]+)"[^>]*><\/script>\s*/;
const preloadTag = /<link rel="modulepreload"[^>]*\shref="([^"]+)"[^>]*>\s*/g;
const stylesheetTag = /<link rel="stylesheet"[^>]*\shref="([^"]+)"[^>]*>/;
const themeTag = '<script src="/theme.js"></script>';

/**
 * index.html with the sign-in screen in #root, and the styles it needs inline, so its first paint
 * waits for no other file (the theme script is inline in every built page: inlineThemeScript).
 * public/after-first-paint.js starts the app's script once that screen is painted, and fetches the
 * app's stylesheet for later: only another screen applies it (lib/app-styles.ts).
 */
function loginPage(index: string, page: { markup: string; css: string }) {
  const entry = entryTag.exec(index)?.[1];
  const stylesheet = stylesheetTag.exec(index)?.[1];
  if (!entry || !stylesheet || !index.includes(rootMarkup)) throw new Error(`index.html has no module script, stylesheet or ${rootMarkup}`);
  if (page.css.includes('</style')) throw new Error('the sign-in styles cannot be inlined: they contain </style');
  const preloads = [...index.matchAll(preloadTag)].map((m) => m[1]!);
  const starter = `<script src="/after-first-paint.js" defer data-entry="${entry}" data-preload="${preloads.join(' ')}" data-stylesheet="${stylesheet}"></script>`;
  return index
    .replace(entryTag, '')
    .replace(preloadTag, '')
    .replace(stylesheetTag, () => `<style>${page.css}</style>\n    ${starter}`)
    .replace(rootMarkup, () => `<div id="root">${page.markup}</div>`);
}

/**
 * After the browser build, writes login.html (loginPage above), its sign-in screen rendered by
 * src/prerender.tsx from the same components. It is built for Node (an SSR
 * build, with this config) into a scratch folder under node_modules, where Node finds React and
 * the router, then imported and run once. The local server and SST's router serve login.html for
 * /login; every other path keeps index.html and its empty #root.
 */
/**
 * The built pages carry public/theme.js inline, so that no page waits for a file (a request on a
 * slow network, revalidated on every visit) before its first paint, and none flashes the wrong
 * theme. The local server allows the inline script by its hash in the CSP
 * (packages/functions/src/local/inline-scripts.ts); the dev server keeps the file.
 */
export function inlineThemeScript(): Plugin {
  let publicDir: string;
  return {
    name: 'event-admin:inline-theme-script',
    apply: 'build',
    configResolved(resolved) {
      publicDir = resolved.publicDir;
    },
    transformIndexHtml: {
      order: 'post',
      async handler(html) {
        if (!html.includes(themeTag)) throw new Error(`index.html has no ${themeTag}`);
        // Its comments stay in the file; the page gets the code alone.
        const code = (await readFile(join(publicDir, 'theme.js'), 'utf8')).replace(/^\s*\/\/.*\n/gm, '').trim();
        if (code.includes('</script')) throw new Error('the theme script cannot be inlined: it contains </script');
        return html.replace(themeTag, () => `<script>${code}</script>`);
      },
    },
  };
}

export function prerenderLogin(): Plugin {
  let config: ResolvedConfig;
  return {
    name: 'event-admin:prerender-login',
    apply: (_config, env) => env.command === 'build' && !env.isSsrBuild,
    configResolved(resolved) {
      config = resolved;
    },
    async writeBundle() {
      const outDir = resolve(config.root, config.build.outDir);
      const cache = resolve(config.root, 'node_modules/.prerender');
      await mkdir(cache, { recursive: true });
      const scratch = await mkdtemp(join(cache, 'login-'));
      try {
        await build({
          configFile: config.configFile,
          root: config.root,
          mode: config.mode,
          logLevel: 'warn',
          // The footer's year, as the browser build has it (main.tsx hydrates against it).
          define: config.define,
          build: { ssr: 'src/prerender.tsx', outDir: scratch, emptyOutDir: true, copyPublicDir: false, minify: false },
        });
        const { renderLogin } = (await import(pathToFileURL(join(scratch, 'prerender.js')).href)) as {
          renderLogin: () => Promise<{ markup: string; css: string }>;
        };
        const index = await readFile(join(outDir, 'index.html'), 'utf8');
        await writeFile(join(outDir, 'login.html'), loginPage(index, await renderLogin()));
      } finally {
        await rm(scratch, { recursive: true, force: true });
      }
    },
  };
}
