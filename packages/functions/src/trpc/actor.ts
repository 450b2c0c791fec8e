/**
 * Who acts, for the history records: the signed-in administrator's username. (API tokens will
 * act as `token:<name>`: their context carries `actor`, which wins here.)
 */
export function actorOf(ctx: { user: { username: string }; actor?: string }) {
  return ctx.actor ?? ctx.user.username;
}
