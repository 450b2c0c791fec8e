import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { hidden, signedInSession, uid, visible } from '../setup/browser.ts';

const session = signedInSession();
let page: Page;
/** A receiver on 127.0.0.1 the server's sender posts to: what it got, by type. */
const received: string[] = [];
let receiver: Server;
let url: string;

beforeAll(async () => {
  ({ page } = session);
  receiver = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
    req.on('end', () => {
      received.push(String((JSON.parse(body) as { type: string }).type));
      res.writeHead(204).end();
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hooks/${uid()}`;
});
afterAll(async () => {
  await new Promise((resolve) => receiver.close(resolve));
});

it('adds a webhook (its secret shown once), sends a test the receiver gets, shows it in the log, and deletes it', async () => {
  await page.goto('/settings?tab=integrations');
  const panel = page.getByRole('tabpanel');
  await visible(panel.getByRole('link', { name: 'Open the API reference' }));
  const form = panel.getByRole('form', { name: 'Add webhook' });
  await form.getByLabel('Endpoint URL').fill('not a url');
  await form.getByRole('button', { name: 'Add Webhook' }).click();
  await visible(form.getByText('The URL must start with https:// (or http:// on a local server)', { exact: true }));
  await form.getByLabel('Endpoint URL').fill(url);
  await form.getByLabel('Description (optional)').fill('E2E receiver');
  await form.getByLabel('customer.created').check();
  await form.getByRole('button', { name: 'Add Webhook' }).click();
  const secret = panel.getByLabel('Signing secret');
  await visible(secret);
  expect(await secret.inputValue()).toMatch(/^whsec_/);
  await panel.getByRole('button', { name: 'I have saved it' }).click();
  await hidden(secret);

  const row = panel.getByRole('table', { name: 'Webhooks' }).getByRole('row').filter({ hasText: url });
  await visible(row);
  await row.getByRole('button', { name: 'Send test' }).click();
  await expect.poll(() => received.includes('ping'), { timeout: 15_000 }).toBe(true);
  await row.getByRole('button', { name: 'Deliveries' }).click();
  const log = page.getByRole('dialog', { name: 'Delivery log' });
  await visible(log.getByRole('cell', { name: 'ping', exact: true }));
  await visible(log.getByText(/^Delivered /));
  await log.getByRole('button', { name: 'Close dialog' }).click();

  await row.getByRole('button', { name: 'Turn off' }).click();
  await visible(row.getByText('Off', { exact: true }));
  await row.getByRole('button', { name: 'Delete' }).click();
  await page.getByRole('dialog', { name: 'Delete webhook?' }).getByRole('button', { name: 'Delete Webhook' }).click();
  await hidden(row);
});
