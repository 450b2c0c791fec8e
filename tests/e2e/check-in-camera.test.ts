// The check-in camera where the browser has no BarcodeDetector (issue 31 item 4): Chromium's fake
// camera plays a video of a ticket's QR code, and the app reads it with its own WebAssembly decoder
// (qr-fallback.ts), served from the build and kept by the service worker: the scan here is made
// offline, so the decoder's files can only have come from that cache.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import { create } from 'qrcode';
import { afterAll, describe, expect, it } from 'vitest';
import { chromiumFlags, chromiumPath } from '../setup/chromium.ts';
import { signedInPage, visible, waitMs } from '../setup/browser.ts';
import { sold, storedText } from './check-in.helpers.ts';

const width = 320;
const height = 240;

/** A few frames of `text` as a QR code, black on white, as a Y4M video (4:2:0, grey: U and V at 128). */
function qrVideo(text: string) {
  const { size, data } = create(text, { errorCorrectionLevel: 'M' }).modules;
  const scale = Math.floor((height - 16) / (size + 8)); // with a quiet zone of 4 modules each side
  const left = Math.floor((width - size * scale) / 2);
  const top = Math.floor((height - size * scale) / 2);
  const luma = Buffer.alloc(width * height, 235);
  for (let y = 0; y < size * scale; y++)
    for (let x = 0; x < size * scale; x++)
      if (data[Math.floor(y / scale) * size + Math.floor(x / scale)]) luma[(top + y) * width + left + x] = 16;
  const chroma = Buffer.alloc((width / 2) * (height / 2) * 2, 128);
  const frame = Buffer.concat([Buffer.from('FRAME\n'), luma, chroma]);
  return Buffer.concat([Buffer.from(`YUV4MPEG2 W${width} H${height} F5:1 Ip A1:1 C420jpeg\n`), frame, frame, frame]);
}

const videoDir = mkdtempSync(join(tmpdir(), 'door-camera-'));
afterAll(() => rmSync(videoDir, { recursive: true, force: true }));

/**
 * A Chromium of its own, its fake camera playing `video`: a file read when the camera starts, so
 * written again, with a ticket's code, once the tickets exist.
 */
const video = join(videoDir, 'ticket.y4m');
writeFileSync(video, qrVideo('NO TICKET YET'));
const browser = await chromium.launch({
  executablePath: chromiumPath,
  args: [
    ...chromiumFlags,
    '--use-fake-ui-for-media-stream',
    '--use-fake-device-for-media-stream',
    `--use-file-for-fake-video-capture=${video}`,
  ],
});
afterAll(() => browser.close());

describe('the check-in camera', () => {
  it('reads a ticket with the WebAssembly decoder, offline, and the scan reaches the server', { timeout: 120_000 }, async () => {
    const { page, context } = await signedInPage(browser, { viewport: { width: 375, height: 800 } });
    const { event, codes } = await sold(page);
    writeFileSync(video, qrVideo(codes[1]!));

    // Chromium on Linux has no BarcodeDetector; should a build ever bring one, it is taken away.
    await context.addInitScript(() => delete (window as { BarcodeDetector?: unknown }).BarcodeDetector);
    await page.goto(`/events/${event.id}/check-in`);
    expect(await page.evaluate(() => 'BarcodeDetector' in window)).toBe(false);

    // Ready for the network to go: the decoder's .wasm is kept by the service worker.
    const wasmKept = () =>
      page.evaluate(async () => {
        if (!navigator.serviceWorker.controller) return false;
        const keys = await (await caches.open('app-files-v1')).keys();
        return keys.some((request) => /\/assets\/zxing_reader-[^/]+\.wasm$/.test(request.url));
      });
    await expect.poll(wasmKept, { timeout: waitMs }).toBe(true);
    await expect.poll(() => storedText(page), { timeout: waitMs }).toContain('Grace Hopper');

    await context.setOffline(true);
    await visible(page.getByTestId('offline-notice'));
    await page.getByRole('button', { name: 'Scan with camera' }).click();
    const result = page.getByTestId('scan-result');
    await visible(result.getByText('Grace Hopper'), 30_000);
    await visible(result.getByText('Admitted (offline)'));
    // One code, one scan: the camera closed on the first read.
    await visible(page.getByRole('button', { name: 'Scan with camera' }));
    const loaded = await page.evaluate(() => performance.getEntriesByType('resource').map((entry) => entry.name));
    expect(loaded.some((name) => /\/assets\/zxing_reader-[^/]+\.wasm$/.test(name))).toBe(true);

    await context.setOffline(false);
    await expect.poll(() => page.getByText(/waiting to be sent/).count(), { timeout: 30_000 }).toBe(0);
    const answer = await page.request.get(`/api/events/${event.id}/tickets?checkedIn=true`);
    const tickets = (await answer.json()) as { attendeeName: string; checkedInBy: string }[];
    expect(tickets.map((ticket) => [ticket.attendeeName, ticket.checkedInBy])).toEqual([['Grace Hopper', 'admin']]);
  });
});
