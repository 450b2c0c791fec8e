import { randomInt } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { hidden, signedInSession, uid, visible, waitMs, postEvent } from '../setup/browser.ts';

const { page } = await signedInSession();

/** One event for the whole file: every test's purchases are of it (the shared server's event list stays short). */
let event: { id: string; title: string };
beforeAll(async () => {
  event = await postEvent(page, { title: `Refund Gala ${uid()}`, date: '2031-04-01T12:00:00.000Z', venue: 'Hall' });
});

/** A customer and one purchase of theirs, unique to this run. */
async function fixture(status: 'completed' | 'pending', amount = `$${randomInt(1000, 9999)}.00`) {
  const id = uid();
  const customer = await (
    await page.request.post('/api/customers', { data: { name: `Rhea Refund${id}`, email: `rhea.${id}@example.com`, phone: '' } })
  ).json();
  const response = await page.request.post('/api/transactions', {
    data: { eventId: event.id, customerId: customer.id, amount, status, paymentMethod: 'Visa' },
  });
  expect(response.status()).toBe(201);
  return { customer, event, amount, transaction: await response.json() };
}

const panel = () => page.getByRole('dialog', { name: 'Transaction' });

describe('transaction panel', () => {
  it('opens from a row of the transactions table, with every field, and its URL opens it again', async () => {
    const { transaction, customer, event, amount } = await fixture('completed');
    await page.goto('/transactions');
    await page.getByRole('searchbox', { name: 'Search transactions' }).fill(customer.name);
    await page.locator(`tr[data-transaction-id="${transaction.id}"]`).click();
    await visible(panel());
    await page.waitForURL(new RegExp(`id=${transaction.id}`));
    // The panel opens at once and fills in when its read answers.
    for (const shown of [event.title, customer.name, amount, 'Visa', 'Completed', '$0.00', 'No refunds.']) {
      await expect.poll(() => panel().innerText()).toContain(shown);
    }
    await visible(panel().getByText(`Recorded ${amount} (completed)`));
    await page.keyboard.press('Escape');
    await hidden(panel());
    expect(page.url()).not.toContain('id=');
    await page.goto(`/transactions?id=${transaction.id}`);
    await visible(panel().getByText(customer.name, { exact: true }));
  });

  it('refunds part of a transaction after showing what will happen; the panel, status and history follow', async () => {
    const { transaction, customer } = await fixture('completed', '$20.00');
    await page.goto(`/transactions?id=${transaction.id}`);
    await panel().getByRole('button', { name: 'Refund' }).click();
    const dialog = page.getByRole('dialog', { name: 'Refund transaction' });
    await expect.poll(() => dialog.getByLabel('Refund amount').inputValue(), { timeout: waitMs }).toBe('$20.00');
    await dialog.getByRole('button', { name: 'Review refund' }).click();
    await visible(dialog.getByText('A reason for the refund is required'));
    await dialog.getByLabel('Refund amount').fill('$25.00');
    await dialog.getByLabel('Reason').fill('Seat was broken');
    await dialog.getByRole('button', { name: 'Review refund' }).click();
    await visible(dialog.getByText('Refund $25.00 of $20.00'));
    await dialog.getByRole('button', { name: 'Confirm refund' }).click();
    await visible(dialog.getByText('Refund amount $25.00 is more than the $20.00 that remains'));
    await dialog.getByRole('button', { name: 'Back' }).click();
    await dialog.getByLabel('Refund amount').fill('$5.00');
    await dialog.getByRole('button', { name: 'Review refund' }).click();
    await visible(dialog.getByTestId('refund-summary').getByText(`Refund $5.00 of $20.00 to ${customer.name}?`));
    await dialog.getByRole('button', { name: 'Confirm refund' }).click();
    await hidden(dialog);
    await visible(panel().getByTestId('refunded-amount').getByText('$5.00'));
    await visible(panel().getByText('Partially refunded'));
    await visible(panel().getByRole('cell', { name: 'Seat was broken' }));
    await visible(panel().getByText(/Refunded \$5\.00 of \$20\.00/));
  });

  it('marks a pending transaction completed after asking first', async () => {
    const { transaction, amount } = await fixture('pending');
    await page.goto(`/transactions?id=${transaction.id}`);
    await panel().getByRole('button', { name: 'Mark as completed' }).click();
    const confirm = page.getByRole('dialog', { name: 'Mark as completed?' });
    await visible(confirm.getByText(`${amount} by`));
    await confirm.getByRole('button', { name: 'Mark as completed' }).click();
    await hidden(confirm);
    await visible(panel().getByText('Completed', { exact: true }));
    await hidden(panel().getByRole('button', { name: 'Mark as failed' }));
    const detail = await (await page.request.get(`/api/transactions/${transaction.id}`)).json();
    expect(detail.status).toBe('completed');
  });

  it('bulk: selects rows, names how many and how much, asks for a reason, then shows which were refused and why', async () => {
    const paid = await fixture('completed', '$30.00');
    const waiting = await fixture('pending', '$12.50');
    await page.goto('/transactions');
    const box = page.getByRole('searchbox', { name: 'Search transactions' });
    await box.fill(paid.customer.name.slice(0, 11));
    for (const t of [paid.transaction, waiting.transaction]) {
      await page.locator(`tr[data-transaction-id="${t.id}"]`).getByRole('checkbox').check();
    }
    const bar = page.getByRole('group', { name: 'Bulk actions' });
    await visible(bar.getByText('2 selected'));
    await bar.getByRole('button', { name: 'Refund', exact: true }).click();
    const confirm = page.getByRole('dialog', { name: 'Refund 2 transactions?' });
    await visible(confirm.getByText('Refund what remains of 2 transactions, at most $42.50 in total.'));
    await visible(confirm.getByText('A reason for the refund is required'));
    await confirm.getByLabel('Reason').fill('Show cancelled');
    await confirm.getByRole('button', { name: 'Refund 2 transactions' }).click();
    const results = page.getByRole('dialog', { name: 'Bulk action results' });
    await visible(results.getByText('1 done, 1 refused'));
    await visible(results.getByTestId('bulk-refused').getByText('A pending transaction cannot be refunded'));
    await page.keyboard.press('Escape');
    await hidden(results);
    await hidden(bar);
    const refunded = await (await page.request.get(`/api/transactions/${paid.transaction.id}`)).json();
    expect(refunded).toMatchObject({ status: 'refunded', refundedAmount: '$30.00' });
  });

  it("opens from a customer's Purchase History", async () => {
    const { transaction, customer, event } = await fixture('completed');
    await page.goto('/customers');
    await page.getByRole('searchbox').first().fill(customer.email);
    await page.getByRole('button', { name: `View ${customer.name}`, exact: true }).click();
    await page.getByRole('dialog', { name: customer.name }).locator(`tr[data-transaction-id="${transaction.id}"]`).click();
    await visible(panel().getByText(event.title, { exact: true }));
  });
});
