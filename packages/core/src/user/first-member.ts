/**
 * The configured administrator (ADMIN_USERNAME / ADMIN_PASSWORD) is the first member, under this
 * fixed id, so every instance that finds a table without members creates the same one; sessions
 * and API tokens from before members name no member and are theirs.
 */
export const firstMemberId = 'first-member';
