import { randomInt } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { signedInSession, uid, visible, waitMs, toastShown } from '../setup/browser.ts';

const wait = waitMs;
const { page } = await signedInSession();

const digits = (n: number) => Array.from({ length: n }, () => randomInt(10)).join('');
const bodyRows = () => page.locator('main table tbody tr:not([data-testid="skeleton-row"])');
const dialog = () => page.getByRole('dialog');

const expectToast = (title: string, description?: string) => toastShown(page, title, description);

interface Customer {
  id: string;
  name: string;
  email: string;
  phone: string;
  version: number;
}

async function createCustomer(fields: Partial<Customer> = {}): Promise<Customer> {
  const id = uid();
  const response = await page.request.post('/api/customers', {
    // The demo data's phones are (555) 2xx-xxxx; these never collide with them.
    data: { name: `Quinn Test${id}`, email: `quinn.${id}@example.com`, phone: `(555) 8${digits(2)}-${digits(4)}`, ...fields },
  });
  expect(response.status()).toBe(201);
  return response.json();
}

async function search(term: string) {
  const box = page.getByRole('searchbox', { name: 'Search customers' });
  await box.fill(term);
}

async function openCustomers(query?: string) {
  await page.goto(query ? `/customers?q=${encodeURIComponent(query)}` : '/customers');
  await visible(page.getByRole('heading', { name: 'Customers', level: 2 }));
}

describe('customers page', () => {
  it('lists customers with the SPEC columns and searches name, email and phone', async () => {
    const customer = await createCustomer();
    const noPhone = await createCustomer({ phone: '' });
    await openCustomers();
    const headers = await page.locator('main table thead th').allTextContents();
    expect(headers).toEqual(['Customer', 'Email', 'Phone', 'Created', 'Actions']);

    await search(customer.name);
    await expect.poll(() => bodyRows().count(), { timeout: wait }).toBe(1);
    const row = bodyRows().first();
    await visible(row.getByText(customer.email));
    expect(await row.locator('td').first().textContent()).toBe(`QT${customer.name}`);
    expect(await row.locator('td').nth(2).textContent()).toBe(customer.phone);
    expect(await row.locator('td').nth(3).textContent()).toMatch(/^[A-Z][a-z]{2} \d{1,2}, \d{4}$/);
    await visible(row.getByRole('button', { name: `View ${customer.name}` }));
    await visible(row.getByRole('button', { name: `Edit ${customer.name}` }));

    await search(customer.email.toUpperCase());
    await expect.poll(() => bodyRows().count(), { timeout: wait }).toBe(1);
    await visible(bodyRows().first().getByText(customer.name));

    await search(customer.phone);
    await expect.poll(() => bodyRows().count(), { timeout: wait }).toBe(1);
    await visible(bodyRows().first().getByText(customer.name));
    // Digits alone find the phone too.
    await search(customer.phone.replace(/\D/g, ''));
    await visible(bodyRows().first().getByText(customer.name));

    await search(noPhone.email);
    await visible(bodyRows().first().getByText('Not provided', { exact: true }));

    await search(`nobody-${uid()}`);
    await visible(page.getByText('No customers found. Try a different search term.', { exact: true }));
    // The search is in the URL: a reload keeps it.
    await page.reload();
    await visible(page.getByText('No customers found. Try a different search term.', { exact: true }));
  });

  it('opens with the newest page of customers and loads the rest as the list is scrolled', async () => {
    const customers: Customer[] = await (await page.request.get('/api/customers')).json();
    expect(customers.length).toBeGreaterThan(50); // the demo data holds 60
    await openCustomers();
    await expect.poll(() => bodyRows().count(), { timeout: wait }).toBe(50);
    await visible(page.getByText(`Showing 50 of ${customers.length} customers`));
    await page.getByRole('button', { name: 'Load more' }).scrollIntoViewIfNeeded();
    await expect.poll(() => bodyRows().count(), { timeout: wait }).toBe(customers.length);
    await visible(page.getByText(`Showing ${customers.length} of ${customers.length} customers`));
    expect(await page.getByRole('button', { name: 'Load more' }).count()).toBe(0);
    const emails = await bodyRows().locator('td:nth-child(2)').allTextContents();
    expect(emails).toEqual(customers.map((c) => c.email));
  });

  it("shows the form's validation messages", async () => {
    await openCustomers();
    await page.getByRole('button', { name: 'Add New Customer' }).click();
    await visible(dialog().getByRole('heading', { name: 'Add New Customer' }));
    await dialog().getByRole('button', { name: 'Add Customer' }).click();
    await visible(dialog().getByText('Name must be at least 2 characters', { exact: true }));
    await visible(dialog().getByText('Please enter a valid email address', { exact: true }));

    await dialog().getByLabel('Name').fill('A');
    await dialog().getByLabel('Email').fill('not-an-email');
    await dialog().getByRole('button', { name: 'Add Customer' }).click();
    await visible(dialog().getByText('Name must be at least 2 characters', { exact: true }));
    await visible(dialog().getByText('Please enter a valid email address', { exact: true }));
    await dialog().getByRole('button', { name: 'Cancel' }).click();
    await dialog().waitFor({ state: 'hidden', timeout: wait });
  });

  it('creates a customer, whose purchases and addresses show in the detail dialog', async () => {
    const id = uid();
    const name = `Ada Lovelace${id}`;
    const email = `ada.${id}@example.com`;
    await openCustomers();
    await page.getByRole('button', { name: 'Add New Customer' }).click();
    await dialog().getByLabel('Name').fill(name);
    await dialog().getByLabel('Email').fill(email);
    await dialog().getByLabel('Phone').fill('(555) 010-2030');
    await dialog().getByRole('button', { name: 'Add Customer' }).click();
    await expectToast('Customer created', 'The customer has been added successfully.');
    await dialog().waitFor({ state: 'hidden', timeout: wait });
    await search(email);
    await visible(bodyRows().first().getByText(name));
    expect(await bodyRows().first().locator('.avatar').textContent()).toBe('AL');

    // Purchases and addresses arrive from elsewhere (a storefront), through the API.
    const customers: Customer[] = await (await page.request.get('/api/customers')).json();
    const customer = customers.find((c) => c.email === email)!;
    expect(customer).toBeDefined();
    const events: { id: string; title: string }[] = await (await page.request.get('/api/events')).json();
    const event = events[0]!;
    for (const transaction of [
      { amount: '$12.34', status: 'completed', paymentMethod: 'PayPal' },
      { amount: '$20.00', status: 'failed', paymentMethod: 'Credit Card' },
    ]) {
      const response = await page.request.post('/api/transactions', {
        data: { eventId: event.id, customerId: customer.id, ...transaction },
      });
      expect(response.status()).toBe(201);
    }
    for (const address of [
      {
        addressType: 'billing',
        isDefault: true,
        street: `${id} Billing Way`,
        city: 'Austin',
        state: 'TX',
        zipCode: '78701',
        country: 'USA',
      },
      { addressType: 'shipping', isDefault: false, street: `${id} Shipping Rd`, city: 'Denver', state: 'CO', zipCode: '80202' },
    ]) {
      const response = await page.request.post(`/api/customers/${customer.id}/addresses`, { data: address });
      expect(response.status()).toBe(201);
    }

    await bodyRows()
      .first()
      .getByRole('button', { name: `View ${name}` })
      .click();
    await visible(dialog().getByRole('heading', { name }));
    await visible(dialog().getByRole('tab', { name: 'Transactions', selected: true }));
    await visible(dialog().getByRole('heading', { name: 'Purchase History' }));
    const transactionRows = dialog().locator('tbody tr:not([data-testid="skeleton-row"])');
    await expect.poll(() => transactionRows.count(), { timeout: wait }).toBe(2);
    const paid = transactionRows.filter({ hasText: '$12.34' });
    await visible(paid.getByText(event.title, { exact: true }));
    await visible(paid.getByText('Completed', { exact: true }));
    await visible(paid.getByText('PayPal', { exact: true }));
    expect(await paid.locator('td').nth(3).textContent()).toMatch(/^[A-Z][a-z]{2} \d{1,2}, \d{4}$/);
    const failed = transactionRows.filter({ hasText: '$20.00' });
    await visible(failed.getByText('Failed', { exact: true }));

    await dialog().getByRole('tab', { name: 'Addresses' }).click();
    await visible(dialog().getByRole('heading', { name: 'Address Book' }));
    const billing = dialog()
      .getByTestId('address-card')
      .filter({ hasText: `${id} Billing Way` });
    await visible(billing.getByText('Billing', { exact: true }));
    await visible(billing.getByText('Primary', { exact: true }));
    await visible(billing.getByText(/Austin, TX 78701/));
    await visible(billing.getByText(/USA/));
    const shipping = dialog()
      .getByTestId('address-card')
      .filter({ hasText: `${id} Shipping Rd` });
    await visible(shipping.getByText('Shipping', { exact: true }));
    expect(await shipping.getByText('Primary', { exact: true }).count()).toBe(0);
    await visible(shipping.getByText(/USA/)); // the default country

    // An address added from the Address Book.
    await dialog().getByRole('button', { name: 'Add Address' }).click();
    await dialog().getByRole('button', { name: 'Save Address' }).click();
    await visible(dialog().getByText('Street is required', { exact: true }));
    await dialog().getByLabel('Address type').selectOption('shipping');
    await dialog().getByLabel('Street').fill(`${id} Added Ave`);
    await dialog().getByLabel('City').fill('Portland');
    await dialog().getByLabel('State').fill('OR');
    await dialog().getByLabel('ZIP code').fill('97205');
    await dialog().getByRole('button', { name: 'Save Address' }).click();
    await expectToast('Address added');
    const added = dialog()
      .getByTestId('address-card')
      .filter({ hasText: `${id} Added Ave` });
    await visible(added.getByText('Shipping', { exact: true }));
    await visible(added.getByText(/Portland, OR 97205/));
    const stored: { street: string }[] = await (await page.request.get(`/api/customers/${customer.id}/addresses`)).json();
    expect(stored.map((a) => a.street)).toContain(`${id} Added Ave`);
    await dialog().getByRole('button', { name: 'Close dialog', exact: true }).click();
  });

  it('edits a customer, and the change survives a reload', async () => {
    const customer = await createCustomer();
    await openCustomers(customer.email);
    await bodyRows()
      .first()
      .getByRole('button', { name: `Edit ${customer.name}` })
      .click();
    await visible(dialog().getByRole('heading', { name: 'Edit Customer' }));
    expect(await dialog().getByLabel('Name').inputValue()).toBe(customer.name);
    expect(await dialog().getByLabel('Email').inputValue()).toBe(customer.email);
    expect(await dialog().getByLabel('Phone').inputValue()).toBe(customer.phone);

    const renamed = `Renamed Person${uid()}`;
    await dialog().getByLabel('Name').fill(renamed);
    await dialog().getByLabel('Phone').fill('');
    await dialog().getByRole('button', { name: 'Save Changes' }).click();
    await expectToast('Customer updated');
    await dialog().waitFor({ state: 'hidden', timeout: wait });
    await visible(bodyRows().first().getByText(renamed, { exact: true }));

    await page.reload();
    await visible(bodyRows().first().getByText(renamed, { exact: true }));
    await visible(bodyRows().first().getByText('Not provided', { exact: true }));
    const stored: Customer = await (await page.request.get(`/api/customers/${customer.id}`)).json();
    expect(stored).toMatchObject({ name: renamed, phone: '', email: customer.email });
  });

  it('refuses an edit of a customer changed elsewhere meanwhile, keeping the input', async () => {
    const customer = await createCustomer();
    await openCustomers(customer.email);
    await bodyRows()
      .first()
      .getByRole('button', { name: `Edit ${customer.name}` })
      .click();
    // Another admin saves first.
    const other = await page.request.put(`/api/customers/${customer.id}`, {
      data: { name: `${customer.name} Elsewhere`, email: customer.email, phone: customer.phone, version: customer.version },
    });
    expect(other.status()).toBe(200);

    await dialog().getByLabel('Name').fill(`${customer.name} Here`);
    await dialog().getByRole('button', { name: 'Save Changes' }).click();
    await expectToast('Failed to update customer');
    await visible(
      dialog()
        .getByRole('alert')
        .filter({ hasText: /changed by someone else/ }),
    );
    expect(await dialog().getByLabel('Name').inputValue()).toBe(`${customer.name} Here`);
    await dialog().getByRole('button', { name: 'Cancel' }).click();
  });

  it('refuses a duplicate e-mail address with a message', async () => {
    const existing = await createCustomer();
    await openCustomers();
    await page.getByRole('button', { name: 'Add New Customer' }).click();
    await dialog().getByLabel('Name').fill('Duplicate Person');
    await dialog().getByLabel('Email').fill(existing.email);
    await dialog().getByRole('button', { name: 'Add Customer' }).click();
    await expectToast('Failed to create customer', 'A customer with this email address already exists');
    // The dialog stays open with what was typed.
    expect(await dialog().getByLabel('Email').inputValue()).toBe(existing.email);
    await dialog().getByRole('button', { name: 'Cancel' }).click();
    const customers: Customer[] = await (await page.request.get('/api/customers')).json();
    expect(customers.filter((c) => c.email === existing.email)).toHaveLength(1);
  });
});
