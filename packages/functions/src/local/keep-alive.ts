import type { Server } from 'node:http';

/** How long an idle kept-alive connection stays open: longer than the clients keep one (about a minute). */
const keepAliveMs = 65_000;

/**
 * Node closes an idle kept-alive connection after 5 s, and a client that reuses it at that very
 * moment gets ECONNRESET for a request the server never saw (a browser test's POST once did).
 * Clients hold idle connections longer than that: the server outlasts them, as behind a load
 * balancer. `npm start` and the tests' servers (tests/setup/api.ts) both use this.
 */
export function outlastClients(server: Server) {
  server.keepAliveTimeout = keepAliveMs;
  server.headersTimeout = keepAliveMs + 1000;
}
