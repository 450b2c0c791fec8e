/**
 * The configured administrator (env locally, SST secret on AWS): the first member, whose password
 * this is until they set one in Settings > Security.
 */
export interface AdminCredentials {
  username: string;
  password: string;
}
