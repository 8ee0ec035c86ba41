import type { SqlStatement } from '../sql-alone';
import type { BenchContext } from './scenario';

/**
 * What the access plugin runs first on every signed-in request (apps/api/src/plugins/caller-read.ts): the user,
 * whether the session was revoked, and on a merchant's path the merchant and the membership, in one statement.
 * Keep it alike, so each scenario's SQL alone still sends what its route sends.
 */
export function callerReadSql(ctx: BenchContext, merchantId: string | null): SqlStatement {
  const claims = JSON.parse(Buffer.from(ctx.admin.access.split('.')[1] ?? '', 'base64url').toString('utf8'));
  return {
    // Prepared, as plugins/caller-read.ts prepares it.
    name: 'bench_caller_read',
    text: `select u.id, u.email, u.first_name, u.last_name, u.is_super_admin, u.is_partner, u.is_active,
             exists (select 1 from refresh_tokens where family_id = $1 and revoked_at is not null),
             me.*, m.id, m.roles, r.id, r.name, r.permissions
           from users u
           left join merchants me on me.id = $2
           left join memberships m on m.merchant_id = me.id and m.user_id = u.id
           left join custom_roles r on r.id = m.custom_role_id
           where u.id = $3 limit 1`,
    values: [claims.fid ?? null, merchantId, ctx.admin.userId],
  };
}
