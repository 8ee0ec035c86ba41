import { and, count, eq, gt, lt, min } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { loginFailures } from '../../db/schema';

export async function recordLoginFailure(
  db: Db,
  failure: { email: string; ip: string; at: Date },
): Promise<void> {
  await db.insert(loginFailures).values({ email: failure.email, ip: failure.ip, createdAt: failure.at });
}

type FailureWindow = { since: Date };

/** How many failures the email and the IP have in the window, and when the oldest of each leaves it. */
export async function countLoginFailures(db: Db, email: string, ip: string, { since }: FailureWindow) {
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
