import type { AdminCredentials } from '@event-admin/core/session/index';

/** Everything the API needs from its surroundings, read in one place for both runtimes. */
export interface AppConfig {
  admin: AdminCredentials;
  tableName: string;
  region?: string;
  /** DynamoDB Local only */
  endpoint?: string;
}

export const defaultTableName = 'event-admin';

/** The local runtime: environment variables, with the admin password defaulting to 'admin'. */
export function localConfig(env: NodeJS.ProcessEnv, endpoint: string): AppConfig & { passwordIsDefault: boolean } {
  const password = env.ADMIN_PASSWORD ?? '';
  return {
    admin: { username: env.ADMIN_USERNAME || 'admin', password: password || 'admin' },
    passwordIsDefault: password === '',
    tableName: env.TABLE_NAME || defaultTableName,
    endpoint,
  };
}
