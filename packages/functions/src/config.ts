import type { AdminCredentials } from '@event-admin/core/credentials/admin';
import { localTargetPolicy, publicTargetsOnly, type TargetPolicy } from '@event-admin/core/webhook/target';

/** Everything the API needs from its surroundings, read in one place for both runtimes. */
export interface AppConfig {
  admin: AdminCredentials;
  tableName: string;
  region?: string;
  /** DynamoDB Local only */
  endpoint?: string;
  /** Local only: the server's own http origins, where the demo data's images live (CSP img-src). */
  imageOrigins?: string[];
  /** Local only: the inline scripts the web build wrote into its pages, as CSP hash sources ('sha256-...'). */
  inlineScripts?: string[];
  /**
   * AWS only: the secret the Router's viewer-request function sends in `x-origin-verify`. A
   * request carrying it came through CloudFront, so its `x-viewer-address` is CloudFront's
   * viewer address (client-address.ts); without it that header is ignored.
   */
  originSecret?: string;
  /** Where webhook endpoints may point; unset: as `npm start` on loopback with DynamoDB Local, else public https only. */
  webhookTargets?: TargetPolicy;
}

/** The webhook target policy of a config (core/webhook/target.ts). */
export const webhookTargetsOf = (config: AppConfig): TargetPolicy =>
  config.webhookTargets ?? (config.endpoint !== undefined ? localTargetPolicy(undefined, '127.0.0.1') : publicTargetsOnly);

export const defaultTableName = 'event-admin';

/** The local runtime: environment variables, with the admin password defaulting to 'admin'. */
export function localConfig(env: NodeJS.ProcessEnv, endpoint: string): AppConfig & { passwordIsDefault: boolean } {
  const password = env.ADMIN_PASSWORD ?? '';
  const port = Number(env.PORT || 3000);
  return {
    admin: { username: env.ADMIN_USERNAME || 'admin', password: password || 'admin' },
    passwordIsDefault: password === '',
    tableName: env.TABLE_NAME || defaultTableName,
    endpoint,
    imageOrigins: [`http://localhost:${port}`, `http://127.0.0.1:${port}`],
    webhookTargets: localTargetPolicy(env.WEBHOOK_ALLOW_PRIVATE, env.HOST || '127.0.0.1'),
  };
}

/** What infra/api.ts links to the function; on AWS, SST's `Resource` carries them. */
export interface LinkedResources {
  Table: { name: string };
  AdminPassword: { value: string };
  OriginSecret: { value: string };
  /** the background worker (packages/functions/src/jobs.ts), started after a rename; without it the cron alone runs it */
  Jobs?: { name: string };
}

/**
 * The Lambda runtime: the linked table and secret, the region Lambda sets. Without a password
 * the API refuses to start rather than fall back to a default anyone could guess.
 */
export function awsConfig(resources: LinkedResources, env: NodeJS.ProcessEnv): AppConfig {
  const password = resources.AdminPassword.value ?? '';
  if (password.trim() === '') {
    throw new Error(
      'The admin password is not set for this stage: run `npx sst secret set AdminPassword <password> --stage <stage>`, then deploy again.',
    );
  }
  return {
    admin: { username: env.ADMIN_USERNAME || 'admin', password },
    tableName: resources.Table.name,
    region: env.AWS_REGION,
    originSecret: resources.OriginSecret.value,
    webhookTargets: publicTargetsOnly,
  };
}
