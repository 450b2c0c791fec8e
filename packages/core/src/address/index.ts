import { fn } from '../fn.ts';
import { insertAddress } from './address.repo.ts';
import { createAddressInput } from './address.schema.ts';

export const add = fn(createAddressInput, (db, input) => insertAddress(db, input));
