import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { merchants } from '../../db/schema';

const settingsColumns = {
  name: merchants.name,
  email: merchants.email,
  phone: merchants.phone,
  website: merchants.website,
  timeZone: merchants.timeZone,
  quietHoursStart: merchants.quietHoursStart,
  quietHoursEnd: merchants.quietHoursEnd,
  minPaymentAmountCents: merchants.minPaymentAmountCents,
  maxPaymentAmountCents: merchants.maxPaymentAmountCents,
};

export type MerchantSettingsRow = {
  name: string;
  email: string;
  phone: string | null;
  website: string;
  timeZone: string;
  quietHoursStart: string;
  quietHoursEnd: string;
  minPaymentAmountCents: number;
  maxPaymentAmountCents: number | null;
};

export async function findMerchantSettings(db: Db, merchantId: string): Promise<MerchantSettingsRow | null> {
  const [row] = await db.select(settingsColumns).from(merchants).where(eq(merchants.id, merchantId)).limit(1);
  return row ?? null;
}

export async function updateMerchantSettings(
  db: Db,
  { merchantId, data, now }: { merchantId: string; data: MerchantSettingsRow; now: Date },
): Promise<MerchantSettingsRow | null> {
  const [row] = await db
    .update(merchants)
    .set({ ...data, updatedAt: now })
    .where(eq(merchants.id, merchantId))
    .returning(settingsColumns);
  return row ?? null;
}
