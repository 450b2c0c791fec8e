// The Chromium the browser tests and the bench drive: Debian's (`npx playwright install` cannot
// download here), or CHROMIUM_PATH. No vitest in here, so the bench can use it as well.
import { existsSync } from 'node:fs';
import { chromium, type Browser, type BrowserServer } from 'playwright-core';

export const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/**
 * Playwright's own `--disable-features` (playwright-core's chromiumSwitches): Chromium reads only
 * the last of the switch, so ours repeats them. tests/unit/chromium-flags.test.ts fails when a new
 * Playwright adds one that is not here.
 */
export const playwrightDisabledFeatures = [
  'AvoidUnnecessaryBeforeUnloadCheckSync',
  'DestroyProfileOnBrowserClose',
  'HttpsUpgrades',
  'HttpsFirstBalancedModeAutoEnable',
  'LensOverlay',
  'MediaRouter',
  'PaintHolding',
  'ThirdPartyStoragePartitioning',
  'AvoidCorsURLLoaderRestartOnRedirect',
  'TcpPortRandomizationWin',
  'OptimizationHints',
  'NetworkTimeServiceQuerying',
  'AimEnabled',
  'PreconnectToSearch',
  'msForceBrowserSignIn',
  'msEdgeUpdateLaunchServicesPreferredVersion',
];

/**
 * New headless Chromium (156 here) is the whole browser, window and all: for every new tab it
 * loads the address bar's suggestion popup, a WebUI page (chrome://omnibox-popup.top-chrome), in
 * a renderer of its own. Nobody sees it, and it costs about 2.4 CPU seconds of the 5.9 that a new
 * context's first screen costs here (each half of the pair alone saves nothing).
 */
export const unseenFeatures = ['WebUIOmniboxPopup', 'WebUIOmniboxAimPopup'];

/**
 * Headless and quiet: no GPU, no QUIC, no unseen address bar, and none of a first run's sync, update or background traffic.
 * Without a GPU, Chromium still composites every frame in a GPU process of its own (in software);
 * `--in-process-gpu` runs that as a thread of the browser process instead. Four browser files
 * (dashboard, events-list, customers, transactions) spent 71 and 72 CPU seconds of Chromium that
 * way, against 85 and 88 with a GPU process, and took 133 s instead of 146 to 150 (2026-11-29).
 */
export const chromiumFlags = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--in-process-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  // a container's /dev/shm may be 64 MB: a heavy page would crash the renderer there
  '--disable-dev-shm-usage',
  `--disable-features=${[...playwrightDisabledFeatures, ...unseenFeatures].join(',')}`,
];

/** How both launches below start Chromium: from its path, with our flags. */
function launchOptions() {
  if (!existsSync(chromiumPath)) throw new Error(`Chromium not found at ${chromiumPath}: apt-get install -y chromium`);
  return { executablePath: chromiumPath, args: chromiumFlags };
}

export async function launchChromium(): Promise<Browser> {
  return chromium.launch(launchOptions());
}

/**
 * A Chromium that test files connect to (`chromium.connect`) instead of launching their own: one
 * for each browser-suite worker (tests/setup/server.global.ts). A launch costs about 1.3 CPU
 * seconds more than a connection here, once per file. Its socket listens on 127.0.0.1 only.
 */
export async function launchChromiumServer(): Promise<BrowserServer> {
  return chromium.launchServer({ ...launchOptions(), host: '127.0.0.1' });
}
