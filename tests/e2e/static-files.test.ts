// What a careful user notices beyond the screens: no search engine may index the app, hashed
// files are cached for a year while index.html is revalidated, and the demo data's images come
// from the app itself, so a machine without internet shows them with a clean console; and the
// scripts are React's production build.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { baseUrl, newPage, signInByApi, waitMs } from '../setup/browser.ts';
import { launchChromium } from '../setup/chromium.ts';

const get = (path: string) => fetch(baseUrl() + path);

describe('robots and caching', () => {
  it('/robots.txt disallows everything', async () => {
    const response = await get('/robots.txt');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/plain/);
    expect((await response.text()).trim().split('\n')).toEqual(['User-agent: *', 'Disallow: /']);
  });

  it('pages say noindex in a meta tag and a header; index.html and the app routes are revalidated', async () => {
    for (const path of ['/', '/login', '/events/some-client-route']) {
      const response = await get(path);
      expect(response.status, path).toBe(200);
      expect(response.headers.get('content-type')).toMatch(/^text\/html/);
      expect(response.headers.get('x-robots-tag')).toBe('noindex');
      expect(response.headers.get('cache-control'), path).toBe('no-cache');
      expect(await response.text()).toContain('<meta name="robots" content="noindex" />');
    }
  });

  it('hashed assets are cached for a year as immutable', async () => {
    const html = await (await get('/')).text();
    const assets = [...html.matchAll(/(?:src|href)="(\/assets\/[^"]+)"/g)].map((m) => m[1]!);
    expect(assets.length).toBeGreaterThan(0);
    for (const asset of assets) {
      const response = await get(asset);
      expect(response.status, asset).toBe(200);
      expect(response.headers.get('cache-control'), asset).toBe('public, max-age=31536000, immutable');
    }
  });

  it("serves React's production build, as npm start does (not the development build vitest's NODE_ENV=test would give)", async () => {
    const html = await (await get('/')).text();
    const scripts = [...html.matchAll(/src="(\/assets\/[^"]+\.js)"/g)].map((m) => m[1]!);
    expect(scripts.length).toBeGreaterThan(0);
    for (const script of scripts) {
      const code = await (await get(script)).text();
      // A warning only React's development build carries.
      expect(code, script).not.toContain('unique "key" prop');
    }
  });

  it('the API says noindex too, and is never cached', async () => {
    const response = await get('/api/health');
    expect(response.headers.get('x-robots-tag')).toBe('noindex');
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(response.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
  });
});

describe('the demo data offline', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchChromium();
  });
  afterAll(() => browser?.close());

  it('shows the seeded images from the app itself, with nothing outside it reachable and no console error', async () => {
    const { context, page, consoleErrors } = await newPage(browser);
    page.setDefaultTimeout(waitMs);
    // An offline machine: anything but this server (on 127.0.0.1 or localhost) is refused.
    const port = new URL(baseUrl()).port;
    const outside: string[] = [];
    await context.route(
      (url) => !['127.0.0.1', 'localhost'].includes(url.hostname) || url.port !== port,
      (route) => {
        outside.push(route.request().url());
        return route.abort('internetdisconnected');
      },
    );
    try {
      await signInByApi(page, '/dashboard');
      const events = (await (await page.request.get('/api/events')).json()) as { id: string }[];
      let target: { id: string; urls: string[] } | undefined;
      for (const { id } of events) {
        const blocks = (await (await page.request.get(`/api/events/${id}/content-blocks`)).json()) as Record<string, string>[];
        const urls = blocks.flatMap((b) => [b.imageUrl, b.backgroundImageUrl]).filter((u): u is string => Boolean(u));
        const video = blocks.some((b) => b.type === 'video');
        // The demo data's own (other e2e files add events with images of their choosing).
        const demo = urls.length > 0 && urls.every((u) => new URL(u).pathname.startsWith('/demo/'));
        if (demo && !video) {
          target = { id, urls };
          break;
        }
      }
      expect(target, 'a demo event with images').toBeDefined();
      for (const url of target!.urls) expect(new URL(url).pathname).toMatch(/^\/demo\/[\w-]+\.svg$/);

      await page.goto(`/events/${target!.id}?tab=blocks`);
      const image = page.getByRole('tabpanel').locator('img').first();
      await image.waitFor({ state: 'visible' });
      // Runs in the page: every preview image has finished loading (or failing).
      await page.waitForFunction(() => [...document.querySelectorAll<HTMLImageElement>('[role=tabpanel] img')].every((i) => i.complete));
      expect(await image.evaluate((img) => (img as HTMLImageElement).naturalWidth)).toBeGreaterThan(0);
      expect(await page.getByText('Image could not be loaded').count()).toBe(0);
      expect(outside).toEqual([]);
      expect(consoleErrors).toEqual([]);
    } finally {
      await context.close();
    }
  }, 60_000);
});
