import { describe, expect, it } from 'vitest';
import { createCustomerInput, customerForm, updateCustomerInput } from '@event-admin/core/customer/customer.schema';
import { initials } from '@event-admin/core/customer/customer.rules';
import { addressTypeLabel, createAddressInput, defaultCountry } from '@event-admin/core/address/address.schema';
import { messageFor, messages } from './issues.ts';

describe('customer form (SPEC §5)', () => {
  const valid = { name: 'Ada Lovelace', email: 'ada@example.com', phone: '' };

  it('accepts a valid customer; phone is optional', () => {
    expect(messages(customerForm, valid)).toEqual([]);
    expect(messages(customerForm, { name: 'Ada', email: 'ada@example.com' })).toEqual([]);
  });

  it('name: at least 2 characters', () => {
    expect(messageFor(customerForm, { ...valid, name: 'A' }, 'name')).toBe('Name must be at least 2 characters');
    expect(messageFor(customerForm, { ...valid, name: ' A ' }, 'name')).toBe('Name must be at least 2 characters');
    expect(messageFor(customerForm, { ...valid, name: 'Al' }, 'name')).toBeUndefined();
  });

  it('email: a valid address', () => {
    for (const bad of ['', 'ada', 'ada@', '@example.com', 'ada example.com']) {
      expect(messageFor(customerForm, { ...valid, email: bad }, 'email'), bad).toBe('Please enter a valid email address');
    }
  });

  it('the create and update inputs give the same messages', () => {
    expect(messageFor(createCustomerInput, { ...valid, name: 'A' }, 'name')).toBe('Name must be at least 2 characters');
    expect(messageFor(createCustomerInput, { ...valid, email: 'nope' }, 'email')).toBe('Please enter a valid email address');
    expect(messageFor(updateCustomerInput, { ...valid, id: 'c1', email: 'nope' }, 'email')).toBe('Please enter a valid email address');
    expect(createCustomerInput.parse({ name: 'Ada', email: 'ada@example.com' }).phone).toBe('');
  });
});

describe('initials (SPEC §2: up to 2 letters, capitals)', () => {
  it.each([
    ['Ada Lovelace', 'AL'],
    ['ada lovelace', 'AL'],
    ['Mary Ann Smith', 'MA'],
    ['plato', 'PL'],
    ['admin', 'AD'],
    ['X', 'X'],
    ['  grace   hopper ', 'GH'],
  ])('%s -> %s', (name, expected) => {
    expect(initials(name)).toBe(expected);
  });

  it('falls back when there is no name', () => {
    expect(initials('', 'AD')).toBe('AD');
    expect(initials(null, 'AD')).toBe('AD');
    expect(initials(undefined)).toBe('');
  });

  it('never gives more than two letters', () => {
    for (const name of ['Alexander', 'A B C D', 'Jean-Luc Picard']) expect(initials(name).length).toBeLessThanOrEqual(2);
  });
});

describe('addresses', () => {
  const base = { customerId: 'c1', street: '1 Main St', city: 'Springfield', state: 'IL', zipCode: '62701' };

  it('country defaults to USA, also when sent empty', () => {
    expect(defaultCountry).toBe('USA');
    expect(createAddressInput.parse(base).country).toBe('USA');
    expect(createAddressInput.parse({ ...base, country: '  ' }).country).toBe('USA');
    expect(createAddressInput.parse({ ...base, country: 'Canada' }).country).toBe('Canada');
  });

  it('is not Primary unless asked, and any type but billing shows as Shipping', () => {
    expect(createAddressInput.parse(base).isDefault).toBe(false);
    expect(addressTypeLabel('billing')).toBe('Billing');
    expect(addressTypeLabel('shipping')).toBe('Shipping');
    expect(addressTypeLabel('other')).toBe('Shipping');
  });

  it('requires the address lines', () => {
    expect(messageFor(createAddressInput, { ...base, street: '' }, 'street')).toBe('Street is required');
    expect(messageFor(createAddressInput, { ...base, city: '' }, 'city')).toBe('City is required');
  });
});
