import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { merchants } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/app';
import { addMember, MEMBER_PASSWORD } from '../../test/members';
import { seedSystemTemplates } from './system-templates.repository';

export type TemplatesTestContext = {
  t: TestApp;
  db: Db;
  merchantId: string;
  base: string;
  admin: string;
  staff: string;
  rivalMerchantId: string;
  rivalAdmin: string;
};

/** The demo merchant with its admin and staff, and a rival merchant (with its system templates) and admin. */
export async function setUpTemplatesTest(): Promise<TemplatesTestContext> {
  const t = await createTestApp();
  const { db } = t.database;
  const [demo] = await db.select().from(merchants).where(eq(merchants.name, 'Demo Motors'));
  const [rival] = await db.insert(merchants).values({ name: 'Rival Templates Autos' }).returning();
  await seedSystemTemplates(db, rival!.id);
  await addMember(db, { merchantId: rival!.id, email: 'admin@rival-templates.test', roles: ['admin'] });
  return {
    t,
    db,
    merchantId: demo!.id,
    base: `/api/merchants/${demo!.id}/message_templates/`,
    admin: await t.demoToken('admin'),
    staff: await t.demoToken('staff'),
    rivalMerchantId: rival!.id,
    rivalAdmin: (await t.signIn('admin@rival-templates.test', MEMBER_PASSWORD)).access,
  };
}

/** A valid template body: one TEXT message and the given automation days. */
export const templateBody = (overrides: Record<string, unknown> = {}) => ({
  name: 'Reminder',
  description: '',
  active: true,
  is_visible: true,
  delta_days: null,
  message_bodies: [
    { language: 'en-US', body_type: 'TEXT', message_body: 'Hi {{first_name}}, due {{due_date}}' },
  ],
  ...overrides,
});
