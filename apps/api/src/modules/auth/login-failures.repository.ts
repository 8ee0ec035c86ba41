import { and, count, eq, gt, lt, min, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { loginFailures } from '../../db/schema';

export type LoginFailureCounts = {
  email: { total: number; oldest: Date | null };
  ip: { total: number; oldest: Date | null };
};

// Advisory lock classes (the first key of the two-key form): one for emails, one for IPs. Every reservation
// takes its email's lock, then its IP's, always in that order, so two reservations never wait on each other
// in a cycle.
const EMAIL_LOCK_CLASS = 0x4c_46_45; // 'LFE'
const IP_LOCK_CLASS = 0x4c_46_49; // 'LFI'

/**
 * Counts the failures of the email and of the IP in the window and, when `isAllowed` accepts the counts,
 * records this attempt as a failure before its password is checked (the caller clears it on success). The
 * count and the insert run under transaction-scoped advisory locks on the email and the IP, so parallel
 * attempts queue here one by one instead of all reading the count before any of them writes it.
 */
export async function reserveLoginAttempt(
  db: Db,
  attempt: { email: string; ip: string; at: Date; since: Date },
  isAllowed: (failures: LoginFailureCounts) => boolean,
): Promise<{ isReserved: boolean; failures: LoginFailureCounts }> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${EMAIL_LOCK_CLASS}::int, hashtext(${attempt.email}))`);
    await tx.execute(sql`select pg_advisory_xact_lock(${IP_LOCK_CLASS}::int, hashtext(${attempt.ip}))`);
    const failures = await countLoginFailures(tx, attempt.email, attempt.ip, { since: attempt.since });
    if (!isAllowed(failures)) return { isReserved: false, failures };
    await tx.insert(loginFailures).values({ email: attempt.email, ip: attempt.ip, createdAt: attempt.at });
    return { isReserved: true, failures };
  });
}

type FailureWindow = { since: Date };

/** How many failures the email and the IP have in the window, and when the oldest of each leaves it. */
async function countLoginFailures(
  db: Db,
  email: string,
  ip: string,
  { since }: FailureWindow,
): Promise<LoginFailureCounts> {
  const [byEmail] = await db
    .select({ total: count(), oldest: min(loginFailures.createdAt) })
    .from(loginFailures)
    .where(and(eq(loginFailures.email, email), gt(loginFailures.createdAt, since)));
  const [byIp] = await db
    .select({ total: count(), oldest: min(loginFailures.createdAt) })
    .from(loginFailures)
    .where(and(eq(loginFailures.ip, ip), gt(loginFailures.createdAt, since)));
  return {
    email: { total: byEmail?.total ?? 0, oldest: byEmail?.oldest ?? null },
    ip: { total: byIp?.total ?? 0, oldest: byIp?.oldest ?? null },
  };
}

export async function clearLoginFailuresOfEmail(db: Db, email: string): Promise<void> {
  await db.delete(loginFailures).where(eq(loginFailures.email, email));
}

export async function deleteLoginFailuresBefore(db: Db, before: Date): Promise<void> {
  await db.delete(loginFailures).where(lt(loginFailures.createdAt, before));
}
