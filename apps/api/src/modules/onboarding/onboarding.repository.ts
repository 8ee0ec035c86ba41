import { and, asc, count, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import {
  businessOwners,
  locations,
  memberships,
  merchantAccounts,
  merchantIntegrations,
  users,
} from '../../db/schema';

export type OnboardingCounts = {
  owners: number;
  locations: number;
  merchantAccounts: number;
  /** Active users with a membership in the merchant. */
  users: number;
  /** Integrations switched on. */
  integrations: number;
  /** Merchant accounts hang off a location: the first one is where a new account is created. */
  firstLocationId: string | null;
};

async function countActiveMembers(db: Db, merchantId: string): Promise<number> {
  const [row] = await db
    .select({ total: count() })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(and(eq(memberships.merchantId, merchantId), eq(users.isActive, true)));
  return row?.total ?? 0;
}

async function findFirstLocationId(db: Db, merchantId: string): Promise<string | null> {
  const [row] = await db
    .select({ id: locations.id })
    .from(locations)
    .where(eq(locations.merchantId, merchantId))
    .orderBy(asc(locations.name), asc(locations.id))
    .limit(1);
  return row?.id ?? null;
}

/** How far the merchant's setup has come; every count is scoped by the merchant id. */
export async function countOnboardingItems(db: Db, merchantId: string): Promise<OnboardingCounts> {
  const [owners, locationCount, accounts, members, integrations, firstLocationId] = await Promise.all([
    db.$count(businessOwners, eq(businessOwners.merchantId, merchantId)),
    db.$count(locations, eq(locations.merchantId, merchantId)),
    db.$count(merchantAccounts, eq(merchantAccounts.merchantId, merchantId)),
    countActiveMembers(db, merchantId),
    db.$count(
      merchantIntegrations,
      and(eq(merchantIntegrations.merchantId, merchantId), eq(merchantIntegrations.isEnabled, true)),
    ),
    findFirstLocationId(db, merchantId),
  ]);
  return {
    owners,
    locations: locationCount,
    merchantAccounts: accounts,
    users: members,
    integrations,
    firstLocationId,
  };
}
