import { fn } from '../fn.ts';
import { insertAddress } from './address.repo.ts';
import { createAddressInput } from './address.schema.ts';

export const create = fn(createAddressInput, (db, input) => insertAddress(db, input));
