import { describe, expect, it } from 'vitest';
import { sharedFollower } from '@event-admin/core/db/local-durability';

/** A write whose runs are counted and finished by hand. */
function controlledWrite() {
  const runs: { finish: () => void; fail: (error: Error) => void }[] = [];
  const write = () =>
    new Promise<void>((resolve, reject) => {
      runs.push({ finish: resolve, fail: reject });
    });
  return { runs, write };
}

const settledWithin = async (promise: Promise<unknown>) => {
  let settled = false;
  void promise.then(
    () => (settled = true),
    () => (settled = true),
  );
  await new Promise((r) => setTimeout(r, 0));
  return settled;
};

describe('the DynamoDB Local write barrier (db/local-durability.ts)', () => {
  it('answers each caller only after a run that started after its call, and shares that run among the callers who came meanwhile', async () => {
    const { runs, write } = controlledWrite();
    const barrier = sharedFollower(write);
    const first = barrier();
    expect(runs).toHaveLength(1);
    // Arrive while the first run is on its way: the first run may not cover them.
    const second = barrier();
    const third = barrier();
    expect(runs).toHaveLength(1);
    runs[0]!.finish();
    await first;
    expect(await settledWithin(second)).toBe(false);
    expect(runs).toHaveLength(2);
    runs[1]!.finish();
    await Promise.all([second, third]);
    // Nothing on its way: the next caller starts a run of its own at once.
    const fourth = barrier();
    expect(runs).toHaveLength(3);
    runs[2]!.finish();
    await fourth;
  });

  it('hands a failed run to the callers it was for, and the next callers get a fresh run', async () => {
    const { runs, write } = controlledWrite();
    const barrier = sharedFollower(write);
    const first = barrier();
    const second = barrier();
    runs[0]!.fail(new Error('the store is gone'));
    await expect(first).rejects.toThrow('the store is gone');
    await new Promise((r) => setTimeout(r, 0));
    expect(runs).toHaveLength(2);
    runs[1]!.fail(new Error('still gone'));
    await expect(second).rejects.toThrow('still gone');
    const third = barrier();
    expect(runs).toHaveLength(3);
    runs[2]!.finish();
    await expect(third).resolves.toBeUndefined();
  });
});
