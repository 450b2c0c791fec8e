// Ticket codes: typed at a door or read aloud, so made of characters nobody confuses. 32
// characters (2-9 and A-Z without I and O: no 0/O or 1/I), 5 random bits each. Browser-safe (Web
// Crypto), so a check-in screen can normalise what it is given the way the server does.

import { normalizeTicketCode } from '../ticket/code.ts';

export const codeAlphabet = '23456789ABCDEFGHJKLMNPQRSTUVWXYZ';
/** 20 characters, 100 random bits: at least 96, as the issue asks. */
export const codeLength = 20;
/**
 * The first 8 characters are the order's (random, 40 bits, claimed unique with the order's code
 * item `CODE#<prefix>`, which holds its tickets: one GetItem finds a ticket by its code); the other
 * 12 are the ticket's own (60 bits). A guess at any ticket must hit both.
 */
export const codePrefixLength = 8;

/** `count` random characters of the alphabet (a byte's low 5 bits: 256 is a multiple of 32, so each is equally likely). */
function randomChars(count: number) {
  const bytes = globalThis.crypto.getRandomValues(new Uint8Array(count));
  return Array.from(bytes, (b) => codeAlphabet[b & 31]).join('');
}

/** A new order's code prefix. */
export const newCodePrefix = () => randomChars(codePrefixLength);

/** A new ticket code of an order (normalised form: 20 characters, no dashes). */
export const newTicketCode = (prefix: string) => prefix + randomChars(codeLength - codePrefixLength);

/** The part of a code its order's code item is found by. */
export const codePrefix = (code: string) => code.slice(0, codePrefixLength);

/** How a code is shown: groups of four, 'ABCD-EFGH-JKLM-NPQR-STUV'. */
export const formatTicketCode = (code: string) => code.match(/.{1,4}/g)?.join('-') ?? code;

/**
 * A code as someone typed it -> its normalised form, or null when it cannot be one: case does not
 * matter, spaces and dashes are ignored; any other character, or another length, is not a code.
 */
export function parseTicketCode(typed: string): string | null {
  const code = normalizeTicketCode(typed);
  if (code.length !== codeLength) return null;
  for (const char of code) if (!codeAlphabet.includes(char)) return null;
  return code;
}
