import type { Db } from '../db/client.ts';
import { keys } from '../db/keys.ts';
import { deliverOne, type DeliveryContext } from './deliver.ts';
import { createLanes, type Lanes } from './lanes.ts';
import { fanOutDue, sweepExpired } from './outbox.ts';
import { checkedAgents, type Resolver, type TargetPolicy } from './target.ts';
import { currentEndpoints, dueItems, listWebhookItems, moveDue } from './webhook.repo.ts';

export { signature } from './post.ts';
export { disableAfterMs } from './deliver.ts';

/**
 * How long after each failed attempt the next comes (ms), the last entry ending it: about 24
 * hours in all, like the Standard Webhooks schedule. `WEBHOOK_RETRY_SCHEDULE` replaces it
 * (e.g. `1s,2s,4s` in tests).
 */
export const defaultRetrySchedule = ['5s', '1m', '5m', '30m', '2h', '5h', '8h', '8h'];

/** How long an endpoint has for a whole delivery (lookup, connection, answer). */
export const deliveryTimeoutMs = 10_000;

const units: Record<string, number> = { ms: 1, s: 1000, m: 60_000, h: 3_600_000 };

/** `1s,2s,4s` -> [1000, 2000, 4000]; a malformed schedule is refused at start, not at the first failure. */
export function parseRetrySchedule(text: string | undefined): number[] {
  const parts = (text?.trim() ? text.split(',') : defaultRetrySchedule).map((part) => part.trim());
  return parts.map((part) => {
    const match = /^(\d+(?:\.\d+)?)(ms|s|m|h)$/.exec(part);
    if (!match) throw new Error(`WEBHOOK_RETRY_SCHEDULE lists durations like 5s,1m,2h; "${part}" is not one`);
    return Number(match[1]) * units[match[2]!]!;
  });
}

export interface SenderOptions {
  /** ms after each failed attempt; its length is how many retries there are */
  schedule: number[];
  /** where targets may point (target.ts): checked again at each delivery, as it connects */
  targets: TargetPolicy;
  /** items read per due partition and pass */
  limit?: number;
  now?: () => Date;
  /** a delivery's whole time; deliveryTimeoutMs unless told */
  timeoutMs?: number;
  /** deliveries under way at once to one endpoint, and in all */
  perEndpoint?: number;
  total?: number;
  /** how names resolve (tests: a name of their own); the system's resolver unless told */
  resolve?: Resolver;
}

/** A sender's lanes and what every delivery needs; `canStart` says whether another delivery may begin. */
export function createSender(db: Db, options: SenderOptions, canStart: () => boolean = () => true) {
  const timeoutMs = options.timeoutMs ?? deliveryTimeoutMs;
  const context: DeliveryContext = {
    schedule: options.schedule,
    policy: options.targets,
    agents: checkedAgents(options.targets, options.resolve),
    timeoutMs,
    now: options.now ?? (() => new Date()),
  };
  // Held this long by the sender that took it; another takes it over after that (a crash mid-send).
  const holdMs = timeoutMs + 20_000;
  const lanes = createLanes({
    perEndpoint: options.perEndpoint ?? 4,
    total: options.total ?? 16,
    canStart,
    work: async (item) => {
      const until = keys.deliveryDue(new Date(context.now().getTime() + holdMs).toISOString(), String(item.id)).gsi1sk;
      if (!(await moveDue(db, item, until))) return false;
      await deliverOne(db, item, context);
      return true;
    },
    onError: (error) => console.error('Webhook sender:', error instanceof Error ? error.message : error),
  });
  return { lanes, context, holdMs, limit: options.limit ?? 25 };
}
export type Sender = ReturnType<typeof createSender>;

/** Pages of one due partition a pass reads past deliveries whose endpoint's lane is full, to reach other endpoints'. */
const maxPagesPast = 8;
/** How often the bodies past their time are looked for. */
const sweepEveryMs = 60_000;
const lastSweep = new WeakMap<Sender, number>();

/**
 * One pass: the bodies past their time dropped (once a minute), the due announcements fanned out
 * (their deliveries offered at once), and every due delivery offered to its endpoint's lane.
 * Does not wait for the deliveries it started. Returns how many it took on (started or waiting for a lane).
 */
export async function senderPass(db: Db, sender: Sender) {
  const now = sender.context.now();
  if (now.getTime() - (lastSweep.get(sender) ?? -Infinity) >= sweepEveryMs) {
    lastSweep.set(sender, now.getTime());
    await sweepExpired(db, now);
  }
  let endpoints: ReturnType<typeof listWebhookItems> | undefined;
  const fresh = await fanOutDue(db, () => (endpoints ??= listWebhookItems(db)), now, sender.holdMs, sender.limit);
  let accepted = 0;
  const offer = (items: readonly Record<string, unknown>[]) => {
    let busy = false;
    for (const item of items) {
      const offered = sender.lanes.offer(item);
      if (offered === 'accepted') accepted += 1;
      busy ||= offered === 'endpoint_busy';
    }
    return busy;
  };
  offer(fresh);
  // the partitions read side by side; each read on past a hanging receiver's backlog, which fills its own lane only
  await Promise.all(
    keys.deliveriesDuePartitions().map(async (partition) => {
      let after: Record<string, unknown> | undefined;
      for (let page = 0; page < maxPagesPast; page++) {
        const due = await dueItems(db, partition, now, sender.limit, after);
        if (!offer(due.items) || !due.after) break;
        after = due.after;
      }
    }),
  );
  return accepted;
}

/**
 * Passes while there is time (`sender`'s canStart), the next once what the last took on has
 * started, until one takes on nothing and nothing is under way; then waits for the last. What the
 * AWS sender runs per invocation, and the tests (with a `now` of their own).
 */
export async function sendWhileDue(db: Db, sender: Sender, hasTime: () => boolean = () => true) {
  while (hasTime()) {
    const accepted = await senderPass(db, sender);
    if (accepted === 0 && sender.lanes.size === 0) break;
    await sender.lanes.drained();
    // nothing new, deliveries under way: the next pass when one of them ends (a retry may come due)
    if (accepted === 0) await Promise.race([sender.lanes.idle(), new Promise((resolve) => setTimeout(resolve, 1000))]);
  }
  await sender.lanes.idle();
  return sender.lanes.attempted;
}

/** Everything due now, sent (the tests' one call). Returns how many deliveries were attempted. */
export const deliverDue = (db: Db, options: SenderOptions) => sendWhileDue(db, createSender(db, options));

/**
 * The sender as a loop (`npm start`): a pass every `everyMs`, each pass's failures logged and
 * the loop going on; deliveries run in their lanes between passes. `stop` starts nothing more and
 * waits for the deliveries under way (recorded), then ends.
 */
export function startSender(db: Db, options: SenderOptions & { everyMs?: number; onError?: (error: unknown) => void }) {
  let running = true;
  let wake: (() => void) | undefined;
  const everyMs = options.everyMs ?? 1000;
  const onError = options.onError ?? ((error: unknown) => console.error('Webhook sender:', error instanceof Error ? error.message : error));
  const sender = createSender(db, options, () => running);
  const loop = (async () => {
    while (running) {
      // No endpoint at all, nothing to send: one cached read (webhook.repo.ts) instead of a Query of every due partition each second.
      await currentEndpoints(db)
        .then((endpoints) => (endpoints.length > 0 ? senderPass(db, sender) : 0))
        .catch(onError);
      // a timer that holds the process: in a process of its own the sender is all there is to wait for
      if (running) await new Promise<void>((resolve) => ((wake = resolve), setTimeout(resolve, everyMs)));
    }
  })();
  return {
    lanes: sender.lanes as Lanes,
    async stop() {
      running = false;
      wake?.();
      await loop;
      await sender.lanes.idle();
    },
  };
}
