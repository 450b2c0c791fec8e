import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { auditPut, memberActor, type MemberActor } from '../audit/audit.repo.ts';
import type { Db } from '../db/client.ts';
import { keys } from '../db/keys.ts';
import { DomainError } from '../error.ts';
import { transact } from '../db/write.ts';
import { fn } from '../fn.ts';
import { securityPolicyForm, type SecurityPolicy } from '../user/user.schema.ts';

/**
 * "Require two-factor sign-in for every member": read on every signed-in call, so remembered in
 * this process for a few seconds (a change made elsewhere holds here within 4 s, like a revoke).
 */
const rememberMs = 4_000;
const remembered = new WeakMap<Db, { policy: SecurityPolicy; until: number }>();

export async function getSecurityPolicy(db: Db, now = Date.now()): Promise<SecurityPolicy> {
  const hit = remembered.get(db);
  if (hit && hit.until > now) return hit.policy;
  const result = await db.doc.send(new GetCommand({ TableName: db.tableName, Key: keys.securityPolicy(), ConsistentRead: true }));
  const policy = { requireTwoFactor: result.Item?.requireTwoFactor === true };
  remembered.set(db, { policy, until: now + rememberMs });
  return policy;
}

/** PUT /api/security-settings: the rule, with its history record. */
export const saveSecurityPolicy = fn(securityPolicyForm, async (db, input, actor: MemberActor & { twoFactorEnabled: boolean }) => {
  if (input.requireTwoFactor && !actor.twoFactorEnabled) {
    // the rule would shut its author out of everything but the setup
    throw new DomainError('conflict', 'Turn on two-factor sign-in for yourself first, then require it for every member');
  }
  const before = await getSecurityPolicy(db, 0);
  await transact(db, [
    { Put: { Item: { ...keys.securityPolicy(), ...input, updatedAt: new Date().toISOString() } } },
    auditPut({
      actor: memberActor(actor),
      action: 'update',
      entity: 'settings',
      entityId: 'security',
      summary: input.requireTwoFactor ? 'Required two-factor sign-in for every member' : 'Stopped requiring two-factor sign-in',
      changes: [{ field: 'requireTwoFactor', from: before.requireTwoFactor, to: input.requireTwoFactor }],
      address: actor.address,
    }),
  ]);
  remembered.delete(db);
  return input;
});
