import * as z from 'zod';
import { entityId, named } from '../shared.schema.ts';

export const defaultCountry = 'USA';

const part = (label: string, max = 200) =>
  z.string().trim().min(1, `${label} is required`).max(max, `${label} must be at most ${max} characters`);

/** POST /api/customers/{id}/addresses, customers.createAddress */
export const createAddressInput = z.object({
  customerId: entityId,
  // 'billing' or anything else, which shows as Shipping (SPEC §3)
  addressType: z.string().trim().max(20).default('shipping'),
  isDefault: z.boolean().default(false),
  street: part('Street'),
  city: part('City', 100),
  state: part('State', 100),
  zipCode: part('ZIP code', 20),
  country: z
    .string()
    .trim()
    .max(100)
    .default(defaultCountry)
    .transform((c) => c || defaultCountry),
});
export type CreateAddressInput = z.input<typeof createAddressInput>;

/** How an address type is labelled: billing, or Shipping for any other. */
export const addressTypeLabel = (addressType: string) => (addressType === 'billing' ? 'Billing' : 'Shipping');

/** A saved address, as the API answers it. */
export const addressInfo = named('AddressInfo', {
  id: z.string(),
  customerId: z.string(),
  addressType: z.string(),
  isDefault: z.boolean(),
  street: z.string(),
  city: z.string(),
  state: z.string(),
  zipCode: z.string(),
  country: z.string(),
});
export type AddressInfo = z.output<typeof addressInfo>;
