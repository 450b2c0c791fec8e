import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { confirmPassword, hidden, signedInSession, uid, visible, waitMs } from '../setup/browser.ts';

const { page } = await signedInSession();
/** A receiver on 127.0.0.1 the server's sender posts to: what it got, by type. */
const received: string[] = [];
let receiver: Server;
let receiverBase: string;

beforeAll(async () => {
  receiver = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
    req.on('end', () => {
      received.push(String((JSON.parse(body) as { type: string }).type));
      res.writeHead(204).end();
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  receiverBase = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hooks`;
});
afterAll(async () => {
  await new Promise((resolve) => receiver.close(resolve));
});

it('adds a webhook (its secret shown once), sends a test the receiver gets, shows it in the log, rotates its secret, and deletes it', async () => {
  // a path of its own on every try, so a retry of this test never meets the first try's row
  const url = `${receiverBase}/${uid()}`;
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
  // an account change: the password is asked for (unless this session confirmed it in the last 10 minutes, on a retry)
  const secret = panel.getByLabel('Signing secret');
  const asked = page.getByRole('dialog', { name: 'Confirm your password' });
  await Promise.race([secret.waitFor({ timeout: waitMs }), asked.waitFor({ timeout: waitMs })]);
  if (await asked.isVisible()) await confirmPassword(page);
  await visible(secret);
  const first = await secret.inputValue();
  expect(first).toMatch(/^whsec_/);
  await panel.getByRole('button', { name: 'I have saved it' }).click();
  await hidden(secret);

  const row = panel.getByRole('table', { name: 'Webhooks' }).getByRole('row').filter({ hasText: url });
  await visible(row);
  await row.getByRole('button', { name: 'Send test' }).click();
  const deadline = Date.now() + 20_000;
  while (!received.includes('ping') && Date.now() < deadline) await new Promise((r) => setTimeout(r, 250));
  if (!received.includes('ping')) {
    // what the server's log of it says, to tell a slow sender from a failed delivery
    const hooks = (await (await page.request.get('/api/webhooks')).json()) as { id: string; url: string }[];
    const hook = hooks.find((h) => h.url === url);
    const log = hook ? await (await page.request.get(`/api/webhooks/${hook.id}/deliveries`)).text() : 'no such webhook';
    throw new Error(`the receiver got no ping within 20 s; received ${JSON.stringify(received)}; the delivery log: ${log}`);
  }
  await row.getByRole('button', { name: 'Deliveries' }).click();
  const log = page.getByRole('dialog', { name: 'Delivery log' });
  await visible(log.getByRole('cell', { name: 'ping', exact: true }));
  await visible(log.getByText(/^Delivered /));
  await log.getByRole('button', { name: 'Close dialog' }).click();

  await row.getByRole('button', { name: 'Rotate secret' }).click();
  await page.getByRole('dialog', { name: 'Rotate signing secret?' }).getByRole('button', { name: 'Rotate Secret' }).click();
  await visible(panel.getByText(/Copy the new signing secret for/));
  expect(await secret.inputValue()).toMatch(/^whsec_/);
  expect(await secret.inputValue()).not.toBe(first);
  await panel.getByRole('button', { name: 'I have saved it' }).click();
  await hidden(secret);

  await row.getByRole('button', { name: 'Turn off' }).click();
  await visible(row.getByText('Off', { exact: true }));
  await row.getByRole('button', { name: 'Delete' }).click();
  await page.getByRole('dialog', { name: 'Delete webhook?' }).getByRole('button', { name: 'Delete Webhook' }).click();
  await hidden(row);
});
