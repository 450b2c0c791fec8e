import { describe, expect, it } from 'vitest';
import { hidden, signedInSession, uid, visible, waitMs } from '../setup/browser.ts';

const { page } = await signedInSession();

const historyEntries = () => page.getByRole('tabpanel').getByTestId('history-entry');

describe('history', () => {
  it('the event edit page has a fifth tab, History, with each change before and after', async () => {
    const title = `History Fair ${uid()}`;
    const event = await (
      await page.request.post('/api/events', {
        data: { title, description: '', date: '2031-05-01T12:00:00.000Z', time: '19:00', venue: 'Old hall', status: 'draft' },
      })
    ).json();
    expect((await page.request.put(`/api/events/${event.id}`, { data: { ...event, venue: 'New hall' } })).status()).toBe(200);
    await page.goto(`/events/${event.id}`);
    const tabs = page.getByRole('tablist', { name: 'Event sections' }).getByRole('tab');
    await visible(tabs.first());
    await expect(tabs.allInnerTexts()).resolves.toEqual(['Basic Info', 'SEO', 'CTA', 'Content Blocks', 'Tickets', 'History']);
    await tabs.filter({ hasText: 'History' }).click();
    await page.waitForURL(/tab=history/);
    await visible(historyEntries().first());
    const first = await historyEntries().first().innerText();
    expect(first).toContain(`Edited ${title}`);
    expect(first).toMatch(/venue: Old hall\s*→\s*New hall/);
    await visible(historyEntries().getByText(`Created ${title}`));
  });

  it('the customer detail dialog has a History tab', async () => {
    const id = uid();
    const customer = await (
      await page.request.post('/api/customers', { data: { name: `Hal History${id}`, email: `hal.${id}@example.com`, phone: '' } })
    ).json();
    await page.goto('/customers');
    await page.getByRole('searchbox').first().fill(customer.email);
    await page.getByRole('button', { name: `View ${customer.name}`, exact: true }).click();
    const dialog = page.getByRole('dialog', { name: customer.name });
    await dialog.getByRole('tab', { name: 'History' }).click();
    await visible(dialog.getByTestId('history-entry').getByText(`Created ${customer.name}`));
  });

  it('the bell shows notable entries with an unread count; opening it marks them read', async () => {
    await page.goto('/dashboard');
    await page.evaluate(() => localStorage.setItem('notificationsSeenAt', new Date().toISOString()));
    await page.reload();
    const bell = page.getByRole('banner').getByRole('button', { name: 'Notifications', exact: true });
    await visible(bell);
    expect(await page.getByTestId('unread-count').count()).toBe(0);

    const id = uid();
    const customer = await (
      await page.request.post('/api/customers', { data: { name: `Fay Failed${id}`, email: `fay.${id}@example.com` } })
    ).json();
    const events = await (await page.request.get('/api/events')).json();
    const bought = await page.request.post('/api/transactions', {
      data: { eventId: events[0].id, customerId: customer.id, amount: '$12.00', status: 'pending', paymentMethod: 'Visa' },
    });
    const status = await page.request.post(`/api/transactions/${(await bought.json()).id}/status`, { data: { status: 'failed' } });
    expect(status.status()).toBe(200);
    await page.reload();
    await visible(page.getByTestId('unread-count'));
    await expect.poll(() => page.getByTestId('unread-count').innerText(), { timeout: waitMs }).toMatch(/^1\s*unread$/);
    await bell.click();
    const dialog = page.getByRole('dialog', { name: 'Notifications' });
    await visible(dialog.getByText(`Marked $12.00 by ${customer.name} as failed`));
    await page.keyboard.press('Escape');
    await hidden(dialog);
    await hidden(page.getByTestId('unread-count'));
  });

  it('Help lists the keyboard shortcuts and where to read more', async () => {
    await page.getByRole('banner').getByRole('button', { name: 'Help' }).click();
    const dialog = page.getByRole('dialog', { name: 'Help' });
    await visible(dialog.getByText('Escape'));
    await expect.poll(() => dialog.innerText(), { timeout: waitMs }).toContain('docs/api.md');
    await page.keyboard.press('Escape');
    await hidden(dialog);
  });
});
