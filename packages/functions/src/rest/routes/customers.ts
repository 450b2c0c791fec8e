import * as Customer from '@event-admin/core/customer/index';
import { customerData } from '@event-admin/core/export/customer-data';
import { customerDataExport } from '@event-admin/core/export/export.schema';
import { route, send } from '../row.ts';
import { streamed, wholeList } from '../stream-row.ts';

/** Customers, their addresses and their data. */
export const customerRoutes = [
  wholeList('/api/customers', 'customers.list', Customer.listPages, {
    operationId: 'listCustomers',
    tag: 'Customers',
    summary: 'Every customer',
    description: 'Newest first.',
    answer: 'The customers.',
  }),
  route('POST', '/api/customers', 'customers.create', {
    status: 201,
    doc: {
      operationId: 'createCustomer',
      tag: 'Customers',
      summary: 'Create a customer',
      description: 'An e-mail address already registered is 409.',
      answer: 'The new customer.',
      errors: [409],
    },
  }),
  route('GET', '/api/customers/:id', 'customers.get', {
    doc: { operationId: 'getCustomer', tag: 'Customers', summary: 'One customer', answer: 'The customer.' },
  }),
  route('PUT', '/api/customers/:id', 'customers.update', {
    doc: {
      operationId: 'updateCustomer',
      tag: 'Customers',
      summary: 'Edit a customer',
      description: 'A stale `version`, a duplicate e-mail or an erased customer is 409.',
      answer: 'The customer as saved.',
      errors: [409],
    },
  }),
  route('DELETE', '/api/customers/:id', 'customers.delete', {
    status: 204,
    // A DELETE has no body: `?version=N` refuses it (409) if someone saved in between.
    call: (remove, req) =>
      send(remove, req.query.version === undefined ? {} : { version: Number(req.query.version) }, { id: req.params.id }),
    doc: {
      operationId: 'deleteCustomer',
      tag: 'Customers',
      summary: 'Delete a customer without transactions',
      description: 'With their addresses and e-mail claim. One with transactions is 409: erase them instead.',
      answer: 'Deleted.',
      errors: [409],
    },
  }),
  route('POST', '/api/customers/:id/erase', 'customers.erase', {
    doc: {
      operationId: 'eraseCustomer',
      tag: 'Customers',
      summary: 'Erase a customer (GDPR art. 17)',
      description:
        "`confirm` is the customer's e-mail address. The person leaves the customer, their transactions and every history record about them; sales and counters stay. `erasure` is `in_progress` while a long history is still being cleared in the background. An erased customer answers again as it is.",
      answer: 'The customer, erased: `erasedAt` set.',
    },
  }),
  streamed('/api/customers/:id/export', {
    procedure: 'customers.get',
    answers: { file: customerDataExport },
    // The customer is read (and an unknown id answered 404) before anything is sent.
    stream: async (get, db, req) => ({ kind: 'json-file', ...customerData(db, await get({ id: req.params.id! })) }),
    doc: {
      operationId: 'exportCustomerData',
      tag: 'Customers',
      summary: 'Everything held about a customer',
      description: 'GDPR art. 15: a JSON attachment `customer-<id>.json`, written as it is read.',
      answer: 'The customer, addresses, history and transactions.',
    },
  }),
  route('GET', '/api/customers/:id/purchases', 'customers.transactions', {
    doc: { operationId: 'customerPurchases', tag: 'Customers', summary: "A customer's transactions", answer: 'Newest first.' },
  }),
  route('GET', '/api/customers/:id/addresses', 'customers.addresses', {
    doc: { operationId: 'customerAddresses', tag: 'Customers', summary: "A customer's addresses", answer: 'The addresses.' },
  }),
  route('POST', '/api/customers/:id/addresses', 'customers.createAddress', {
    status: 201,
    fromPath: { id: 'customerId' },
    doc: { operationId: 'createAddress', tag: 'Customers', summary: 'Add an address', answer: 'The new address.', errors: [409] },
  }),
];
