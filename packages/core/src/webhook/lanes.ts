/**
 * Deliveries in flight, in one lane per endpoint: an endpoint has at most `perEndpoint` under
 * way and all of them together at most `total`, so a receiver that hangs fills its own lane and
 * never the others'. What a pass offers waits here (a few per endpoint: a backlog beyond that is
 * left in the store for later passes) and starts as lanes free, without another read. Nothing
 * starts once `canStart` says no (a Lambda with too little time left for a whole delivery, a
 * sender stopping); what waited then was never taken, and stays due in the store.
 */
export interface LaneOptions {
  perEndpoint: number;
  total: number;
  canStart: () => boolean;
  /** one delivery's whole work; true when it was attempted (taken and sent) */
  work: (item: Record<string, unknown>) => Promise<boolean>;
  onError: (error: unknown) => void;
}

export type Offered = 'accepted' | 'endpoint_busy' | 'no_time' | 'under_way';

/** How many deliveries of one endpoint may wait, beyond those under way, as a multiple of its lane. */
const waitingPerLane = 4;

export function createLanes(options: LaneOptions) {
  const runningOf = new Map<string, number>();
  const waitingOf = new Map<string, number>();
  const waiting: Record<string, unknown>[] = [];
  const known = new Set<string>();
  const running = new Set<Promise<void>>();
  let drainedWaiters: (() => void)[] = [];
  let attempted = 0;
  const add = (counts: Map<string, number>, key: string, by: number) => {
    const value = (counts.get(key) ?? 0) + by;
    if (value > 0) counts.set(key, value);
    else counts.delete(key);
  };
  const idOf = (item: Record<string, unknown>) => `${String(item.pk)}/${String(item.sk)}`;

  const start = (item: Record<string, unknown>) => {
    const endpointId = String(item.endpointId);
    add(runningOf, endpointId, 1);
    const task: Promise<void> = options
      .work(item)
      .then((sent) => void (sent && (attempted += 1)), options.onError)
      .finally(() => {
        known.delete(idOf(item));
        add(runningOf, endpointId, -1);
        running.delete(task);
        pump();
      });
    running.add(task);
  };

  /** Starts what waits wherever its lane and the total allow, in the order offered. */
  function pump() {
    for (let i = 0; i < waiting.length && running.size < options.total && options.canStart();) {
      const endpointId = String(waiting[i]!.endpointId);
      if ((runningOf.get(endpointId) ?? 0) >= options.perEndpoint) {
        i++;
        continue;
      }
      const [item] = waiting.splice(i, 1);
      add(waitingOf, endpointId, -1);
      start(item!);
    }
    if (waiting.length === 0 || running.size === 0) {
      const waiters = drainedWaiters;
      drainedWaiters = [];
      for (const resolve of waiters) resolve();
    }
  }

  return {
    offer(item: Record<string, unknown>): Offered {
      const endpointId = String(item.endpointId);
      if (known.has(idOf(item))) return 'under_way';
      if (!options.canStart()) return 'no_time';
      if ((waitingOf.get(endpointId) ?? 0) >= options.perEndpoint * waitingPerLane) return 'endpoint_busy';
      known.add(idOf(item));
      waiting.push(item);
      add(waitingOf, endpointId, 1);
      pump();
      return 'accepted';
    },
    /** deliveries under way */
    get size() {
      return running.size;
    },
    /** deliveries attempted so far */
    get attempted() {
      return attempted;
    },
    /** resolves when nothing offered waits any more, or nothing is under way to free a lane */
    drained: () => new Promise<void>((resolve) => (waiting.length === 0 || running.size === 0 ? resolve() : drainedWaiters.push(resolve))),
    /** resolves when nothing is under way */
    async idle() {
      while (running.size) await Promise.all(running);
    },
  };
}

export type Lanes = ReturnType<typeof createLanes>;
