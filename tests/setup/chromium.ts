// The Chromium the browser tests and the bench drive: Debian's (`npx playwright install` cannot
// download here), or CHROMIUM_PATH. No vitest in here, so the bench can use it as well.
import { existsSync } from 'node:fs';
import { chromium, type Browser } from 'playwright-core';

export const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** Headless and quiet: no GPU, no QUIC, and none of a first run's sync, update or background traffic. */
export const chromiumFlags = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  // a container's /dev/shm may be 64 MB: a heavy page would crash the renderer there
  '--disable-dev-shm-usage',
];

export async function launchChromium(): Promise<Browser> {
  if (!existsSync(chromiumPath)) throw new Error(`Chromium not found at ${chromiumPath}: apt-get install -y chromium`);
  return chromium.launch({ executablePath: chromiumPath, args: chromiumFlags });
}
