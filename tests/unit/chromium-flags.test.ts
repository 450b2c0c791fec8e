import { afterEach, expect, it } from 'vitest';
import { chromium, type Browser } from 'playwright-core';
import { chromiumFlags, chromiumPath, playwrightDisabledFeatures, unseenFeatures } from '../setup/chromium.ts';

// Chromium reads only the last --disable-features on its command line, so the browser tests'
// own (tests/setup/chromium.ts) replaces Playwright's: it must keep every feature Playwright turns
// off (the beforeunload check the unsaved-changes tests need, no traffic to Google on an offline
// machine), as the command line the browser itself reports shows.
let browser: Browser | undefined;
afterEach(() => browser?.close());

async function disabledFeatures(args: string[]) {
  browser = await chromium.launch({ executablePath: chromiumPath, args });
  const page = await browser.newPage();
  await page.goto('chrome://version');
  const commandLine = await page.locator('#command_line').innerText();
  await browser.close();
  browser = undefined;
  const switches = commandLine.match(/--disable-features=\S+/g) ?? [];
  return switches.at(-1)?.slice('--disable-features='.length).split(',') ?? [];
}

it("keeps every feature Playwright turns off, and turns off the unseen address bar's popup", async () => {
  const playwrights = await disabledFeatures(chromiumFlags.filter((flag) => !flag.startsWith('--disable-features=')));
  expect(playwrights.length).toBeGreaterThan(0);
  expect(playwrightDisabledFeatures.toSorted()).toEqual(playwrights.toSorted());
  expect((await disabledFeatures(chromiumFlags)).toSorted()).toEqual([...playwrights, ...unseenFeatures].toSorted());
});
