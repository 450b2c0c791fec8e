import * as z from 'zod';
import { entityId, expectedVersion, isoTime, listOrder, named, pageInput, wholeCount } from '../shared.schema.ts';

const name = z.string().trim().min(2, 'Name must be at least 2 characters').max(200, 'Name must be at most 200 characters');
const email = z.string().trim().max(320, 'Email must be at most 320 characters').pipe(z.email('Please enter a valid email address'));
const phone = z.string().trim().max(50, 'Phone must be at most 50 characters').default('');

/** The Add New Customer / edit customer form, and POST /api/customers. */
export const customerForm = z.object({ name, email, phone: phone.optional() });
export type CustomerForm = z.input<typeof customerForm>;

export const createCustomerInput = z.object({ name, email, phone });
export type CreateCustomerInput = z.input<typeof createCustomerInput>;

export const updateCustomerInput = z.object({ id: entityId, name, email, phone, version: expectedVersion });
export type UpdateCustomerInput = z.input<typeof updateCustomerInput>;

export const customerIdInput = z.object({ id: entityId });

/** customers.delete, DELETE /api/customers/{id}: refused (409) if someone saved in between, when a version is sent. */
export const deleteCustomerInput = z.object({ id: entityId, version: expectedVersion });
export type DeleteCustomerInput = z.input<typeof deleteCustomerInput>;

/** customers.page: by creation (newest first unless `order: 'asc'`), 50 at a time, searched over name, e-mail and phone on the server. */
export const customersPageInput = pageInput(50).extend({ order: listOrder });
export type CustomersPageInput = z.input<typeof customersPageInput>;

/**
 * The Erase customer form: the customer's e-mail address typed again, so an erasure is never one
 * stray click (compared without case or surrounding spaces, on the server).
 */
export const eraseCustomerForm = z.object({
  confirm: z
    .string({ error: "Type the customer's email address to confirm" })
    .trim()
    .min(1, "Type the customer's email address to confirm")
    .max(320, 'Email must be at most 320 characters'),
});
export type EraseCustomerForm = z.input<typeof eraseCustomerForm>;

/** customers.erase, POST /api/customers/{id}/erase `{ confirm }`. */
export const eraseCustomerInput = eraseCustomerForm.extend({ id: entityId });
export type EraseCustomerInput = z.input<typeof eraseCustomerInput>;

/** What an erased customer is called everywhere their name was (the customer, their transactions). */
export const erasedCustomerName = 'Erased customer';

/** Where an erasure stands: the answer comes at once, the history and purchases may follow in the background. */
export const erasureStates = ['in_progress', 'complete'] as const;
export type ErasureState = (typeof erasureStates)[number];

export const customerInfo = named('CustomerInfo', {
  id: z.string(),
  name: z.string(),
  email: z.string(),
  phone: z.string(),
  createdAt: isoTime,
  updatedAt: isoTime,
  version: wholeCount,
  /** set once the customer was erased (GDPR art. 17): the record stays, the person is gone */
  erasedAt: isoTime.optional(),
  /** with `erasedAt`: whether their history and purchases are scrubbed yet */
  erasure: z.enum(erasureStates).optional(),
});
export type CustomerInfo = z.output<typeof customerInfo>;

/** customers.totals: from the dashboard totals (one GetItem). */
export const customerTotals = z.object({ totalCustomers: wholeCount });
