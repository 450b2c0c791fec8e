import { expect, it } from 'vitest';
import { hidden, signedInSession, uid, visible } from '../setup/browser.ts';

const { page } = await signedInSession();

it("a new customer's page links the data export and deletes them after asking", async () => {
  const name = `Delia Gone${uid()}`;
  const created = await page.request.post('/api/customers', { data: { name, email: `delia.${uid()}@example.com` } });
  expect(created.status()).toBe(201);
  const customer = await created.json();

  await page.goto(`/customers?q=${encodeURIComponent(name)}`);
  await page.getByRole('button', { name: `View ${name}` }).click();
  const details = page.getByRole('dialog', { name });
  const exportLink = details.getByRole('link', { name: 'Export data' });
  await visible(exportLink);
  expect(await exportLink.getAttribute('href')).toBe(`/api/customers/${customer.id}/export`);
  const exported = await page.request.get(`/api/customers/${customer.id}/export`);
  expect(exported.headers()['content-disposition']).toBe(`attachment; filename="customer-${customer.id}.json"`);

  await details.getByRole('button', { name: 'Delete' }).click();
  const confirm = page.getByRole('dialog', { name: 'Delete customer?' });
  await visible(confirm.getByText('and their addresses are deleted', { exact: false }));
  await confirm.getByRole('button', { name: 'Delete Customer' }).click();
  await visible(page.getByRole('region', { name: 'Notifications' }).getByText('Customer deleted', { exact: true }));
  await hidden(details);
  await hidden(page.getByRole('button', { name: `View ${name}` }));
  expect((await page.request.get(`/api/customers/${customer.id}`)).status()).toBe(404);
});

it('erases a customer with a purchase after the e-mail is typed again, and the page says Erased', async () => {
  const name = `Erin Forgotten${uid()}`;
  const email = `erin.${uid()}@example.com`;
  const customer = await (await page.request.post('/api/customers', { data: { name, email } })).json();
  const event = await (await page.request.get('/api/events/recent?limit=1')).json();
  const bought = await page.request.post('/api/transactions', {
    data: { eventId: event[0].id, customerId: customer.id, amount: '$12.00', status: 'completed', paymentMethod: 'Cash' },
  });
  expect(bought.status()).toBe(201);

  await page.goto(`/customers?q=${encodeURIComponent(name)}`);
  await page.getByRole('button', { name: `View ${name}` }).click();
  const details = page.getByRole('dialog', { name });
  await details.getByRole('button', { name: 'Erase', exact: true }).click();
  const confirm = page.getByRole('dialog', { name: 'Erase customer?' });
  const typed = confirm.getByLabel(`Type ${email} to confirm`);
  await typed.fill('someone.else@example.com');
  await confirm.getByRole('button', { name: 'Erase Customer' }).click();
  await visible(confirm.getByText("does not match this customer's", { exact: false }));
  await typed.fill(email);
  await confirm.getByRole('button', { name: 'Erase Customer' }).click();
  await visible(page.getByRole('region', { name: 'Notifications' }).getByText('Customer erased', { exact: true }));
  await hidden(confirm);
  const erased = page.getByRole('dialog', { name: 'Erased customer' });
  await visible(erased.getByText('Erased', { exact: true }));
  await hidden(erased.getByRole('button', { name: 'Erase', exact: true }));
  await visible(erased.getByRole('link', { name: 'Export data' }));
  expect(await (await page.request.get(`/api/customers/${customer.id}`)).json()).toMatchObject({ name: 'Erased customer', email: '' });
});
