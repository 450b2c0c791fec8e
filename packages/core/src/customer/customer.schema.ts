import * as z from 'zod';
import { entityId, expectedVersion, listOrder, pageInput } from '../shared.schema.ts';

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

export interface CustomerInfo {
  id: string;
  name: string;
  email: string;
  phone: string;
  createdAt: string;
  updatedAt: string;
  version: number;
}
