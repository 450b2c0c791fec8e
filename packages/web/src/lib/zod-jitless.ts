/**
 * zod compiles a fast parser per object schema with `new Function` when it may. The app's CSP
 * (`script-src 'self'`) forbids that: the probe fails quietly, but Chromium still reports it as a
 * CSP violation on every signed-in screen (Lighthouse's best practices: inspector-issues). In
 * jitless mode zod never tries. zod keeps its settings in this global, which every copy of zod
 * shares (`z.config` writes it), so setting it here needs no zod import, which would pull zod into
 * the entry chunk that /login downloads. main.tsx imports this first, before any schema is built.
 */
const zodGlobal = globalThis as { __zod_globalConfig?: { jitless?: boolean } };
zodGlobal.__zod_globalConfig = { ...zodGlobal.__zod_globalConfig, jitless: true };
