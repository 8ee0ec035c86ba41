import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from './app';
import { failedActions, locations, paymentMethods } from './db/schema';
import { createTestApp, type TestApp } from './test/app';

// The other half of tenant isolation: a caller may pass their own merchant's membership check and then name
// another merchant's record in the rest of the path (/merchants/A/merchant_locations/{B's location}/). Every
// registered route with an id beyond the merchant is walked with merchant B's real records under merchant
// A's path, as a super admin (who passes every capability, so only the query's own merchant scope can
// refuse) and as A's admin. Each must answer 404/403 with no data, and B's records must be unchanged after.
const RIVAL = 'Rival Cars Secret LLC';

const notRecords = [':merchant_id', ':integration_type', ':bin'];

type ForeignRecord = { param: string; id: string; readPath: string; body: unknown };

describe('tenant isolation of the ids inside a merchant path', () => {
  let t: TestApp;
  let superAdmin: string;
  let ownMerchantId: string;
  let rivalMerchantId: string;
  const foreign: ForeignRecord[] = [];

  beforeAll(async () => {
    t = await createTestApp();
    superAdmin = await t.demoToken('superadmin');
    ownMerchantId = await t.demoMerchantId();
    // Group messages allowed, so its customer groups can be created (the demo merchant allows them too).
    rivalMerchantId = (
      await createAsSuperAdmin('/api/merchants/', { name: RIVAL, allow_group_message: true })
    ).id;
    await createRivalRecords();
  });
  afterAll(() => t.close());

  async function createAsSuperAdmin(path: string, json: unknown) {
    const answer = await t.request(path, { method: 'POST', token: superAdmin, json });
    if (answer.status !== 201) throw new Error(`${path}: ${answer.status} ${JSON.stringify(answer.body)}`);
    return answer.body as { id: string };
  }

  /** One of every record a merchant path can name, created in the rival merchant through the API. */
  async function createRivalRecords() {
    const base = `/api/merchants/${rivalMerchantId}`;
    const record = async (param: string, collection: string, json: unknown) => {
      const { id } = await createAsSuperAdmin(`${base}/${collection}/`, json);
      foreign.push({ param, id, readPath: `${base}/${collection}/${id}/`, body: json });
      return id;
    };
    const location = await record('location_id', 'merchant_locations', {
      name: `${RIVAL} Lot`,
      address_line1: '9 Rival Rd',
      city: 'Austin',
      state: 'TX',
      postal_code: '73301',
      phone: '5125550100',
      time_zone: 'America/Chicago',
    });
    await record('merchant_account_id', 'merchant_accounts', {
      location,
      name: `${RIVAL} Processing`,
      processor: 'sandbox',
      card_fee: '2.95',
      ach_fee: '0.80',
      convenience_fee: '1.50',
      monthly_volume: '20000',
      max_transaction_amount: '3000',
    });
    await record('owner_id', 'business_owners', {
      full_name: 'Rhea Rival',
      email: 'rhea@rival.test',
      phone: '5125550101',
      ssn: '987654321',
      date_of_birth: '1975-01-02',
      ownership_percentage: '100',
      address_line1: '9 Rival Rd',
      city: 'Austin',
      state: 'TX',
      postal_code: '73301',
    });
    await record('role_id', 'roles', { role_name: `${RIVAL} Closer`, role_description: 'rival' });
    await record('tag_id', 'account-tags', { name: `${RIVAL} Tag` });
    // One body serves every route naming the customer: the customer's fields, an account's (amount_due) and
    // the fields of routes under the customer (a note's body, a co-borrower to link); each schema keeps its own.
    const customer = await record('customer_id', 'customers', {
      first_name: 'Rhea',
      last_name: RIVAL,
      external_id: 'RIVAL-C1',
      email: 'rhea.customer@rival.test',
      sms_phone_number: '5125550102',
      location,
      amount_due: '100.00',
      body: `${RIVAL} note`,
      customer: 'rival-customer',
      // A payment taken on the customer's account (issue 16).
      amount: '10.00',
      method_kind: 'cash',
      // A saved method's new nickname, and why a payment is corrected (issue 16).
      nickname: `${RIVAL} card`,
      reason: `${RIVAL} correction`,
      // Opening a hosted entry for the customer, and saving what one finished (issue 16).
      kind: 'card',
      entry_id: 'sbx_entry_000000000000000000000000',
      // Sending a payment's receipt, and the account a payment moves to (issue 17).
      channel: 'email',
      to_account: 'rival-account',
      // Snoozing the customer's conversation until an hour from now (issue 20).
      until: new Date(Date.now() + 3_600_000).toISOString(),
    });
    const accountBody = { external_id: 'RIVAL-A1', amount_due: '250.00', location };
    const account = await createAsSuperAdmin(`${base}/customers/${customer}/accounts/`, accountBody);
    foreign.push({
      param: 'account_id',
      id: account.id,
      readPath: `${base}/customers/${customer}/`,
      body: accountBody,
    });
    // Saved methods come from the processor's hosted entry, not a create route: written directly.
    const [method] = await t.database.db
      .insert(paymentMethods)
      .values({ merchantId: rivalMerchantId, customerId: customer, paymentType: 'CREDIT', nickname: RIVAL })
      .returning();
    foreign.push({
      param: 'payment_method_id',
      id: method!.id,
      readPath: `${base}/customers/${customer}/payment_methods/`,
      body: { nickname: `${RIVAL} renamed` },
    });
    const paymentBody = { amount: '10.00', method_kind: 'cash' };
    const transactionsPath = `${base}/customers/${customer}/accounts/${account.id}/transactions/`;
    const payment = await t.request(transactionsPath, {
      method: 'POST',
      token: superAdmin,
      json: paymentBody,
    });
    if (payment.status !== 201) throw new Error(`payment: ${payment.status} ${JSON.stringify(payment.body)}`);
    foreign.push({
      param: 'transaction_id',
      id: payment.body.id,
      readPath: transactionsPath,
      body: paymentBody,
    });
    // A failed action (issue 18) is written by the failure itself, not a create route: written directly.
    const [action] = await t.database.db
      .insert(failedActions)
      .values({
        merchantId: rivalMerchantId,
        kind: 'payment',
        subjectKey: `payment:${payment.body.id}`,
        paymentId: payment.body.id,
        customerId: customer,
        accountId: account.id,
        reasonMessage: `${RIVAL} decline`,
      })
      .returning();
    foreign.push({ param: 'action_id', id: action!.id, readPath: `${base}/failed-actions/`, body: {} });
    // A promise to pay on the account (issue 17), two days ahead on any clock.
    const promiseBody = {
      date: new Date(t.clock.now().getTime() + 2 * 86_400_000).toISOString().slice(0, 10),
      time: '12:00',
      note: `${RIVAL} promise`,
    };
    const promisesPath = `${base}/customers/${customer}/accounts/${account.id}/promises/`;
    const promise = await createAsSuperAdmin(promisesPath, promiseBody);
    foreign.push({ param: 'promise_id', id: promise.id, readPath: promisesPath, body: promiseBody });
    const noteBody = { body: `${RIVAL} note` };
    const note = await createAsSuperAdmin(`${base}/customers/${customer}/notes/`, noteBody);
    foreign.push({
      param: 'note_id',
      id: note.id,
      readPath: `${base}/customers/${customer}/notes/`,
      body: noteBody,
    });
    const coBorrower = await createAsSuperAdmin(`${base}/customers/`, {
      first_name: 'Rory',
      last_name: RIVAL,
      location,
    });
    const coBorrowersPath = `${base}/customers/${customer}/accounts/${account.id}/co_borrowers/`;
    const linkBody = { customer: coBorrower.id };
    await createAsSuperAdmin(coBorrowersPath, linkBody);
    foreign.push({ param: 'co_borrower_id', id: coBorrower.id, readPath: coBorrowersPath, body: linkBody });
    await record('template_id', 'message_templates', {
      name: `${RIVAL} Template`,
      delta_days: 3,
      message_bodies: [{ body_type: 'TEXT', message_body: `${RIVAL} says hi {{first_name}}` }],
    });
    await record('group_id', 'customer_groups', { name: `${RIVAL} Group`, customers: [customer] });
    const batchBody = { batch_name: `${RIVAL} Batch`, message: 'Hi {{first_name}}', customers: [customer] };
    const batch = await t.request(`${base}/customers/send_customers_message/`, {
      method: 'POST',
      token: superAdmin,
      json: batchBody,
    });
    if (batch.status !== 200) throw new Error(`mass text: ${batch.status} ${JSON.stringify(batch.body)}`);
    const batchId = (batch.body as { batch_id: string }).batch_id;
    foreign.push({
      param: 'batch_id',
      id: batchId,
      readPath: `${base}/message_batches/${batchId}/`,
      body: batchBody,
    });
    const keyBody = { name: `${RIVAL} Key` };
    const key = await createAsSuperAdmin(`${base}/api_keys/`, keyBody);
    foreign.push({ param: 'api_key_id', id: key.id, readPath: `${base}/api_keys/`, body: keyBody });
    const userBody = { email: 'rita@rival.test', first_name: 'Rita', last_name: 'Rival', role: 'admin' };
    const user = await createAsSuperAdmin(`${base}/users/`, userBody);
    foreign.push({ param: 'user_id', id: user.id, readPath: `${base}/users/${user.id}/`, body: userBody });
    const csv = new FormData();
    csv.append('file', new Blob(['Customer ID,First Name,Last Name\nR-1,Rhea,Rival\n']), `${RIVAL}.csv`);
    const upload = await t.request(`${base}/customer_imports/`, {
      method: 'POST',
      token: superAdmin,
      body: csv,
    });
    if (upload.status !== 201)
      throw new Error(`customer import: ${upload.status} ${JSON.stringify(upload.body)}`);
    const importId = (upload.body as { id: string }).id;
    const mapping = { external_id: 'Customer ID', first_name: 'First Name', last_name: 'Last Name' };
    foreign.push({
      param: 'import_id',
      id: importId,
      readPath: `${base}/customer_imports/${importId}/`,
      body: { mapping },
    });
  }

  /**
   * Routes naming a record beyond the merchant; integration types are names shared by every merchant, and a
   * BIN (the first digits of any card) names no record.
   */
  function routesWithRecordIds() {
    return t.app.apiRoutes.filter(
      (route) =>
        route.method !== 'HEAD' &&
        route.url.startsWith('/api/merchants/:merchant_id/') &&
        (route.url.match(/:([a-z_]+)/g) ?? []).some((p) => !notRecords.includes(p)),
    );
  }

  async function readRivalRecords() {
    const answers = [];
    for (const { readPath } of foreign) {
      const answer = await t.request(readPath, { token: superAdmin });
      answers.push({ readPath, status: answer.status, body: answer.body });
    }
    return answers;
  }

  it('knows a record of the rival merchant for every id a merchant route takes', () => {
    const params = new Set(routesWithRecordIds().flatMap((route) => route.url.match(/:([a-z_]+)/g) ?? []));
    for (const param of notRecords) params.delete(param);
    // A new route with a new kind of id fails here until the test creates one of those records for merchant B.
    expect([...params].sort()).toEqual(foreign.map((record) => `:${record.param}`).sort());
  });

  type Send = (
    method: string,
    url: string,
    token: string,
    json?: unknown,
  ) => Promise<{ status: number; body: unknown }>;
  const overHttp: Send = (method, url, token, json) =>
    t.request(url, { method, token, ...(json === undefined ? {} : { json }) });

  /** Calls each route with merchant A's id and merchant B's records; lists every answer that is not a bare refusal. */
  async function findForeignRecordLeaks(
    routes: { method: string; url: string }[],
    token: string,
    send: Send,
  ) {
    const leaks: string[] = [];
    for (const route of routes) {
      const named = foreign.filter((record) => route.url.includes(`:${record.param}`));
      const url = route.url
        .replace(':merchant_id', ownMerchantId)
        .replace(/:([a-z_]+)/g, (_, param: string) => named.find((r) => r.param === param)?.id ?? param);
      // A write carries the record's own valid values, so it passes validation and reaches the lookup that
      // must refuse it.
      const hasBody = route.method !== 'GET' && route.method !== 'DELETE';
      const answer = await send(route.method, url, token, hasBody ? (named[0]?.body ?? {}) : undefined);
      const text = JSON.stringify(answer.body);
      const isRefusal =
        [403, 404].includes(answer.status) && Object.keys(answer.body ?? {}).join() === 'detail';
      if (!isRefusal || text.includes(RIVAL) || text.includes('rival.test'))
        leaks.push(`${route.method} ${route.url} → ${answer.status} ${text.slice(0, 120)}`);
    }
    return leaks;
  }

  for (const caller of ['superadmin@demo.paylane.test', 'admin@demo.paylane.test']) {
    it(`refuses merchant B's records under merchant A's path, on every route (${caller})`, async () => {
      const token = caller.startsWith('super') ? superAdmin : (await t.signIn(caller)).access;
      const before = await readRivalRecords();
      expect(await findForeignRecordLeaks(routesWithRecordIds(), token, overHttp)).toEqual([]);
      expect(await readRivalRecords()).toEqual(before);
    });
  }

  it('would catch a route that checks membership but reads the record by its id alone', async () => {
    const leaky = await buildApp({ config: t.config, db: t.database.db, logger: false });
    const url = '/api/merchants/:merchant_id/merchant_locations/:location_id/peek/';
    leaky.get(url, { config: { access: { merchant: 'member' } } }, async (request) => {
      const { location_id } = request.params as { location_id: string };
      return t.database.db.select().from(locations).where(eq(locations.id, location_id));
    });
    await leaky.ready();
    const viaInject: Send = async (method, path, token) => {
      const answer = await leaky.inject({
        method: method as 'GET',
        url: path,
        headers: { authorization: `Bearer ${token}` },
      });
      return { status: answer.statusCode, body: answer.json() };
    };
    const leaks = await findForeignRecordLeaks([{ method: 'GET', url }], superAdmin, viaInject);
    expect(leaks).toEqual([expect.stringMatching(/^GET .*\/peek\/ → 200 .*"name":"Rival Cars Sec/)]);
    await leaky.close();
  });

  it('shows none of merchant B in merchant A’s own lists and settings', async () => {
    const ownRoutes = t.app.apiRoutes.filter(
      (route) => route.method === 'GET' && route.url.match(/:([a-z_]+)/g)?.join() === ':merchant_id',
    );
    expect(ownRoutes.length).toBeGreaterThan(10);
    for (const route of ownRoutes) {
      const answer = await t.request(route.url.replace(':merchant_id', ownMerchantId), { token: superAdmin });
      const text = JSON.stringify(answer.body);
      expect(text.includes(RIVAL) || text.includes('rival.test'), `${route.url}: ${text.slice(0, 200)}`).toBe(
        false,
      );
    }
  });
});
