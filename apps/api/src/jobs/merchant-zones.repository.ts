import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../db/client';
import { merchants } from '../db/schema';

// Nightly work is for merchants in business; pending and inactive ones are left out.
const isActive = eq(merchants.status, 'active');

export async function listMerchantTimeZones(db: Db): Promise<string[]> {
  const rows = await db.selectDistinct({ timeZone: merchants.timeZone }).from(merchants).where(isActive);
  return rows.map((row) => row.timeZone);
}

export async function listMerchantsInTimeZones(
  db: Db,
  timeZones: readonly string[],
): Promise<{ id: string; timeZone: string }[]> {
  if (timeZones.length === 0) return [];
  return db
    .select({ id: merchants.id, timeZone: merchants.timeZone })
    .from(merchants)
    .where(and(isActive, inArray(merchants.timeZone, [...timeZones])))
    .orderBy(merchants.id);
}
