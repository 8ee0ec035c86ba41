import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  expectedAccess,
  matrixSubjects,
  type MatrixSubject,
} from '@paylane/shared/permission-matrix.fixture';
import { capabilities, type Capability } from '@paylane/shared/permissions';
import { buildApp } from './app';
import { customRoles, memberships, merchants } from './db/schema';
import { hashPassword } from './lib/passwords';
import { createUser } from './modules/auth/users.repository';
import { createTestApp, type TestApp } from './test/app';

// docs/product.md §6 on the server: every capability × {super_admin, admin, staff, custom role with and without the
// flag} × {merchant with and without check_custom_roles}, answered by the API. Each capability is called
// through a real feature route guarded by it (a GET whose only parameter is the merchant); a capability
// whose feature arrives in a later issue is called through a probe route registered the same way, so the
// row is enforced by the same access plugin today and moves to its real route when that lands.
const PASSWORD = 'Matrix-Pass-1';
const emails: Record<MatrixSubject, string> = {
  super_admin: 'superadmin@demo.paylane.test',
  admin: 'admin@demo.paylane.test',
  staff: 'staff@demo.paylane.test',
  custom_with_flags: 'custom-with@demo.paylane.test',
  custom_without_flags: 'custom-without@demo.paylane.test',
};

describe('the capability table of docs/product.md §6, enforced by the API', () => {
  let t: TestApp;
  let app: FastifyInstance;
  let merchantId: string;
  const tokens = {} as Record<MatrixSubject, string>;
  const routeFor = new Map<Capability, { method: string; url: string; isProbe: boolean }>();

  beforeAll(async () => {
    t = await createTestApp();
    merchantId = await t.demoMerchantId();
    await addCustomRoleUser('custom_with_flags');
    await addCustomRoleUser('custom_without_flags');
    for (const subject of Object.keys(emails) as MatrixSubject[]) {
      const password = subject.startsWith('custom') ? PASSWORD : undefined;
      tokens[subject] = (await t.signIn(emails[subject], password)).access;
    }
    app = await buildApp({ config: t.config, db: t.database.db, logger: false });
    for (const capability of Object.keys(capabilities) as Capability[]) {
      routeFor.set(capability, findOrProbeRoute(app, capability));
    }
    await app.ready();
  });
  afterAll(async () => {
    await app?.close();
    await t.close();
  });

  async function addCustomRoleUser(subject: 'custom_with_flags' | 'custom_without_flags') {
    const { roles, flags } = matrixSubjects[subject];
    const user = await createUser(t.database.db, {
      email: emails[subject],
      passwordHash: await hashPassword(PASSWORD),
      firstName: 'Custom',
      lastName: subject,
      isSuperAdmin: false,
      isPartner: false,
    });
    const [role] = await t.database.db
      .insert(customRoles)
      .values({ merchantId, name: roles[1]!, permissions: flags })
      .returning();
    await t.database.db
      .insert(memberships)
      .values({ userId: user.id, merchantId, roles: [roles[0]!], customRoleId: role!.id });
  }

  async function statusOf(capability: Capability, subject: MatrixSubject): Promise<number> {
    const route = routeFor.get(capability)!;
    const response = await app.inject({
      method: route.method as 'GET',
      url: route.url.replace(':merchant_id', merchantId),
      headers: { authorization: `Bearer ${tokens[subject]}` },
      // A write route gets an empty body: an allowed caller meets validation (400), nothing is written.
      ...(route.method === 'GET' ? {} : { payload: {} }),
    });
    return response.statusCode;
  }

  for (const kind of ['standard', 'custom'] as const) {
    it(`allows and refuses every capability on a ${kind} merchant`, async () => {
      await t.database.db
        .update(merchants)
        .set({ checkCustomRoles: kind === 'custom', allowGroupMessage: true, isIntegrated: false })
        .where(eq(merchants.id, merchantId));
      const answered: Record<string, MatrixSubject[]> = {};
      const expected: Record<string, MatrixSubject[]> = {};
      for (const capability of Object.keys(capabilities) as Capability[]) {
        answered[capability] = [];
        for (const subject of Object.keys(emails) as MatrixSubject[]) {
          const status = await statusOf(capability, subject);
          // 403 is the refusal; 200 (a read) or 400 (a write's validation) means the caller got in.
          expect([200, 400, 403]).toContain(status);
          if (status !== 403) answered[capability].push(subject);
        }
        expected[capability] = expectedAccess[capability][kind];
      }
      expect(answered).toEqual(expected);
    });
  }

  it('calls the capabilities with a feature through their real routes', () => {
    const real = [...routeFor].filter(([, route]) => !route.isProbe).map(([capability]) => capability);
    // The settings, users and roles of issue 3 and the customer routes of issue 4 have real routes; later
    // issues move more rows here.
    expect(real).toEqual(
      expect.arrayContaining([
        'createCustomer',
        'importCustomers',
        'mergeRecords',
        'manageUsers',
        'manageRoles',
        'manageTags',
        'manageIntegrations',
        'manageApiKeys',
        'managePasstime',
        'manageIturan',
        'manageMerchantSettings',
        'manageMerchantSetup',
      ]),
    );
  });
});

/** A real route guarded by the capability whose only parameter is the merchant (a read first), or a probe. */
function findOrProbeRoute(app: FastifyInstance, capability: Capability) {
  const candidates = app.apiRoutes.filter(
    (route) =>
      'merchant' in route.access &&
      route.access.merchant === capability &&
      route.url.match(/:[a-z_]+/g)?.join() === ':merchant_id' &&
      ['GET', 'POST', 'PUT'].includes(route.method),
  );
  const real = candidates.find((route) => route.method === 'GET') ?? candidates[0];
  if (real) return { method: real.method, url: real.url, isProbe: false };
  const url = `/api/merchants/:merchant_id/capability-probe/${capability}/`;
  app.get(url, { config: { access: { merchant: capability } } }, async () => ({ ok: true }));
  return { method: 'GET', url, isProbe: true };
}
