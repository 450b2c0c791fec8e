import { DomainError } from '../error.ts';

/**
 * Full-cost password hashes (scrypt at 128 MiB each) run at most two at a time per process, and at
 * most eight more wait their turn: a burst of sign-ins (or of guesses from many addresses, each
 * under its own limit) must hold neither half a gigabyte nor an ever longer line. Past that, the
 * caller is answered 503 with Retry-After at once, before any hashing.
 */
export const maxHashesRunning = 2;
export const maxHashesWaiting = 8;

export const hashQueueFull = 'Too many sign-ins at once. Try again in a few seconds.';

let running = 0;
const waiting: (() => void)[] = [];

/** Runs one full-cost hash when a place is free; refuses (503) when the line is full. */
export async function inHashPool<T>(hash: () => Promise<T>): Promise<T> {
  if (running >= maxHashesRunning) {
    if (waiting.length >= maxHashesWaiting) throw new DomainError('unavailable', hashQueueFull);
    await new Promise<void>((resolve) => waiting.push(resolve));
  } else {
    running += 1;
  }
  try {
    return await hash();
  } finally {
    // the place passes straight to the next in line, or is given back
    const next = waiting.shift();
    if (next) next();
    else running -= 1;
  }
}
