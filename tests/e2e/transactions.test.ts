import { randomInt } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { parseAmountToCents } from '@event-admin/core/transaction/money';
import { signedInSession, uid, visible, waitMs, postEvent } from '../setup/browser.ts';

const wait = waitMs;
const { page } = await signedInSession();

interface Transaction {
  id: string;
  eventId: string;
  customerId: string;
  amount: string;
  status: string;
  purchaseDate: string;
  paymentMethod: string;
}

const bodyRows = () => page.locator('main table tbody tr:not([data-testid="skeleton-row"])');
/** A row's data cells, without the selection checkbox's. */
const dataCells = 'td:not([data-select])';
/** The ID cell's full id (the cell shows 8 characters). */
const idTitle = 'td:nth-child(2) > [title]';
const cardValue = (label: string) => page.getByRole('region', { name: label }).getByTestId('card-value');
const usd2 = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', minimumFractionDigits: 2, maximumFractionDigits: 2 });

async function openTransactions() {
  await page.goto('/transactions');
  await visible(page.getByRole('heading', { name: 'Transaction History' }));
  await visible(bodyRows().first());
}

async function search(term: string) {
  await page.getByRole('searchbox', { name: 'Search transactions' }).fill(term);
}

/** A customer, an event and one purchase of theirs, all unique to this run. */
async function transactionFixture(status: 'completed' | 'pending' | 'failed') {
  const id = uid();
  const customer = await (
    await page.request.post('/api/customers', { data: { name: `Tess Buyer${id}`, email: `tess.${id}@example.com`, phone: '' } })
  ).json();
  const event = await postEvent(page, { title: `Ledger Night ${id}`, date: '2031-03-01T12:00:00.000Z', venue: 'Counting House' });
  // Amounts of the demo data are at most $150.99; four digits of dollars never collide with them.
  const amount = `$${randomInt(1000, 9999)}.${String(randomInt(100)).padStart(2, '0')}`;
  const response = await page.request.post('/api/transactions', {
    data: { eventId: event.id, customerId: customer.id, amount, status, paymentMethod: 'Apple Pay' },
  });
  expect(response.status()).toBe(201);
  return {
    customer: customer as { id: string; name: string },
    event: event as { id: string; title: string },
    amount,
    transaction: (await response.json()) as Transaction,
  };
}

describe('transactions page', () => {
  it('shows cards equal to the API data, summed from the amounts', async () => {
    const transactions: Transaction[] = await (await page.request.get('/api/transactions')).json();
    const totals = await (await page.request.get('/api/transactions/totals')).json();
    const cents = transactions.reduce((sum, t) => sum + parseAmountToCents(t.amount.replace('$', ''))!, 0);
    const customers = new Set(transactions.map((t) => t.customerId)).size;
    // The server's counters and the list agree.
    expect(totals).toEqual({
      totalTransactions: transactions.length,
      totalRevenue: `$${(cents / 100).toFixed(2)}`,
      uniqueCustomers: customers,
    });

    await openTransactions();
    expect(await cardValue('Total Transactions').textContent()).toBe(transactions.length.toLocaleString('en-US'));
    expect(await cardValue('Total Revenue').textContent()).toBe(usd2.format(cents / 100));
    expect(await cardValue('Unique Customers').textContent()).toBe(customers.toLocaleString('en-US'));

    await visible(page.getByRole('heading', { name: 'Recent Transactions' }));
    const headers = await page.locator('main table thead th:not([data-select])').allTextContents();
    expect(headers).toEqual(['ID', 'Event', 'Customer', 'Date', 'Amount', 'Status', 'Payment Method']);
    // Newest first, with a shortened id (the full one in its title).
    const newest = transactions[0]!;
    const firstId = bodyRows().first().locator(idTitle);
    expect(await firstId.getAttribute('title')).toBe(newest.id);
    expect(newest.id.startsWith((await firstId.textContent())!)).toBe(true);
    expect((await firstId.textContent())!.length).toBeLessThan(newest.id.length);
  });

  it('searches by event title, customer name, amount and status', async () => {
    const { customer, event, amount, transaction } = await transactionFixture('failed');
    await openTransactions();

    await search(customer.name);
    await expect.poll(() => bodyRows().count(), { timeout: wait }).toBe(1);
    const cells = await bodyRows().first().locator(dataCells).allTextContents();
    expect(cells).toEqual([
      transaction.id.slice(0, 8),
      event.title,
      customer.name,
      expect.stringMatching(/^[A-Z][a-z]{2} \d{1,2}, \d{4}$/),
      amount,
      'Failed',
      'Apple Pay',
    ]);

    await search(event.title.toLowerCase());
    await expect.poll(() => bodyRows().count(), { timeout: wait }).toBe(1);
    await visible(bodyRows().first().getByText(customer.name));

    await search(amount);
    await expect.poll(() => bodyRows().count(), { timeout: wait }).toBe(1);
    await visible(bodyRows().first().getByText(customer.name));
    await search(amount.slice(1)); // without the $
    await visible(bodyRows().first().getByText(customer.name));

    await search('failed');
    await visible(bodyRows().first());
    const statuses = await bodyRows().locator('td:nth-child(7)').allTextContents();
    expect(statuses.length).toBeGreaterThan(0);
    expect(new Set(statuses)).toEqual(new Set(['Failed']));

    await search(`no-such-thing-${uid()}`);
    await visible(page.getByText('No transactions found. Try a different search term.'));
  });

  it('opens with the newest page only, and loads more as the list is scrolled or Load more is pressed', async () => {
    const transactions: Transaction[] = await (await page.request.get('/api/transactions')).json();
    expect(transactions.length).toBeGreaterThan(100); // the demo data holds 500
    const calls: string[] = [];
    const onRequest = (request: { url: () => string }) => calls.push(request.url());
    page.on('request', onRequest);
    await openTransactions();
    await expect.poll(() => bodyRows().count(), { timeout: wait }).toBe(50);
    const shownIds = async () =>
      bodyRows()
        .locator(idTitle)
        .evaluateAll((cells) => cells.map((c) => c.getAttribute('title')));
    expect(await shownIds()).toEqual(transactions.slice(0, 50).map((t) => t.id));
    await visible(page.getByText(`Showing 50 of ${transactions.length.toLocaleString('en-US')} transactions`));
    // One page and the counters: never the whole list, nor every event and customer to name the rows.
    expect(calls.filter((url) => /transactions\.list|events\.list|customers\.list|\/api\/transactions$/.test(url))).toEqual([]);

    // Scrolling to the end loads the next page, in order.
    await page.getByRole('button', { name: 'Load more' }).scrollIntoViewIfNeeded();
    await expect.poll(() => bodyRows().count(), { timeout: wait }).toBeGreaterThanOrEqual(100);
    // The button does the same for a keyboard.
    const before = await bodyRows().count();
    await page.getByRole('button', { name: 'Load more' }).focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => bodyRows().count(), { timeout: wait }).toBeGreaterThan(before);
    const ids = await shownIds();
    expect(ids).toEqual(transactions.slice(0, ids.length).map((t) => t.id));
    page.off('request', onRequest);
  });

  it('finds a transaction outside the loaded pages, and keeps the search in the URL', async () => {
    const transactions: Transaction[] = await (await page.request.get('/api/transactions')).json();
    const oldest = transactions.at(-1)!;
    await openTransactions();
    await search(oldest.amount);
    await expect
      .poll(
        () =>
          bodyRows()
            .locator(idTitle)
            .evaluateAll((cells) => cells.map((c) => c.getAttribute('title'))),
        { timeout: wait },
      )
      .toContain(oldest.id);
    await expect.poll(() => new URL(page.url()).searchParams.get('q'), { timeout: wait }).toBe(oldest.amount);
    await page.reload();
    await visible(bodyRows().first());
    expect(await page.getByRole('searchbox', { name: 'Search transactions' }).inputValue()).toBe(oldest.amount);
  });
});
