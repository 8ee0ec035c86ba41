import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { merchantIntegrations } from '../../db/schema';

export type MerchantIntegrationRow = typeof merchantIntegrations.$inferSelect;

export function listMerchantIntegrations(db: Db, merchantId: string): Promise<MerchantIntegrationRow[]> {
  return db.select().from(merchantIntegrations).where(eq(merchantIntegrations.merchantId, merchantId));
}

export async function findMerchantIntegration(
  db: Db,
  merchantId: string,
  integrationType: string,
): Promise<MerchantIntegrationRow | null> {
  const [row] = await db
    .select()
    .from(merchantIntegrations)
    .where(
      and(
        eq(merchantIntegrations.merchantId, merchantId),
        eq(merchantIntegrations.integrationType, integrationType),
      ),
    )
    .limit(1);
  return row ?? null;
}

/** Creates the merchant's row for the integration on first use, else changes only the given columns. */
export async function upsertMerchantIntegration(
  db: Db,
  input: {
    merchantId: string;
    integrationType: string;
    now: Date;
    set: { isEnabled: boolean } | { credentialsEncrypted: string };
  },
): Promise<MerchantIntegrationRow> {
  const [row] = await db
    .insert(merchantIntegrations)
    .values({
      merchantId: input.merchantId,
      integrationType: input.integrationType,
      ...input.set,
      updatedAt: input.now,
    })
    .onConflictDoUpdate({
      target: [merchantIntegrations.merchantId, merchantIntegrations.integrationType],
      set: { ...input.set, updatedAt: input.now },
    })
    .returning();
  if (!row) throw new Error('upsert returned no row');
  return row;
}
