import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountTags, customers, merchants } from '../../db/schema';
import { addMember, MEMBER_PASSWORD } from '../../test/members';
import {
  accountBody,
  customerBody,
  setUpCustomersTest,
  type CustomersTestContext,
} from './customers-test-setup';

type Row = { id: string; first_name: string; accounts: { external_id: string; status: string }[] };

describe('customer list', () => {
  let c: CustomersTestContext;
  let repoRisk: string;
  const ids: Record<'quincy' | 'quinn' | 'ana' | 'bo' | 'voided', string> = {
    quincy: '',
    quinn: '',
    ana: '',
    bo: '',
    voided: '',
  };

  beforeAll(async () => {
    c = await setUpCustomersTest();
    const { db } = c.t.database;
    const [tag] = await db.select().from(accountTags).where(eq(accountTags.name, 'Repo Risk'));
    repoRisk = tag!.id;
    const create = async (body: Record<string, unknown>) => {
      c.t.clock.advance(1);
      const answer = await c.t.request(`${c.base}/customers/`, {
        method: 'POST',
        token: c.admin,
        json: body,
      });
      if (answer.status !== 201) throw new Error(JSON.stringify(answer.body));
      return answer.body.id as string;
    };
    ids.quincy = await create(
      customerBody(c.north.id, {
        first_name: 'Quincy',
        last_name: 'Zabriskie',
        external_id: 'QZ-100',
        email: 'Quincy.Z@example.com',
        sms_phone_number: '(512) 555-0180',
        account: accountBody({ external_id: 'QZACC-1', tags: [repoRisk] }),
      }),
    );
    ids.quinn = await create(
      customerBody(c.south.id, {
        first_name: 'Quinn',
        last_name: 'Zabriskie',
        external_id: 'QZ-200',
        email: 'quinn@example.org',
        sms_phone_number: '(512) 555-0181',
        account: accountBody({ external_id: 'QZACC-2', status: 'closed' }),
      }),
    );
    await c.t.request(`${c.base}/customers/${ids.quinn}/accounts/`, {
      method: 'POST',
      token: c.admin,
      json: accountBody({ external_id: 'QZACC-3', status: 'pending' }),
    });
    ids.ana = await create(
      customerBody(c.north.id, {
        first_name: 'Ana',
        last_name: 'Zabriskie-Lopez',
        external_id: '',
        email: '',
        sms_phone_number: '',
      }),
    );
    await db.update(customers).set({ smsOptedOutAt: c.t.clock.now() }).where(eq(customers.id, ids.ana));
    ids.bo = await create(
      customerBody(c.north.id, {
        first_name: 'Bo',
        last_name: 'Zabo',
        external_id: 'qz-300',
        email: 'bo@example.net',
        sms_phone_number: '',
        account: accountBody({ external_id: '77001' }),
      }),
    );
    ids.voided = await create(
      customerBody(c.north.id, {
        first_name: 'Quentin',
        last_name: 'Zabriskie',
        external_id: 'QZ-999',
        sms_phone_number: '(512) 555-0189',
      }),
    );
    await c.t.request(`${c.base}/customers/${ids.voided}/`, { method: 'DELETE', token: c.admin });
  });
  afterAll(() => c.t.close());

  const list = async (query: string) => {
    const answer = await c.t.request(`${c.base}/customers/?${query}`, { token: c.staff });
    if (answer.status !== 200) throw new Error(`${answer.status} ${JSON.stringify(answer.body)}`);
    return answer.body as { count: number; next: string | null; previous: string | null; results: Row[] };
  };
  const names = async (query: string) => (await list(query)).results.map((row) => row.first_name);

  it('answers rows with their location and own accounts, open ones first', async () => {
    const page = await list('search=zabriskie&field=name');
    expect(page.count).toBe(3);
    expect(page.results[0]).toEqual({
      id: ids.quincy,
      first_name: 'Quincy',
      last_name: 'Zabriskie',
      external_id: 'QZ-100',
      email: 'quincy.z@example.com',
      sms_phone_number: '+15125550180',
      location: c.north,
      sms_opted_out: false,
      email_opted_out: false,
      accounts: [
        {
          id: expect.any(String),
          external_id: 'QZACC-1',
          status: 'active',
          amount_due_cents: 12_550,
          due_date: '2026-07-01',
        },
      ],
      created: expect.any(String),
    });
    const quinn = page.results[1]!;
    expect(quinn.accounts.map((account) => [account.external_id, account.status])).toEqual([
      ['QZACC-3', 'pending'],
      ['QZACC-2', 'closed'],
    ]);
    expect(page.results[2]).toMatchObject({ first_name: 'Ana', sms_opted_out: true, accounts: [] });
  });

  it('searches each field, without case, and never finds voided customers', async () => {
    expect(await names('search=zabris&field=name')).toEqual(['Quincy', 'Quinn', 'Ana']);
    expect(await names('search=quinn%20%20zab&field=name')).toEqual(['Quinn']);
    expect(await names('search=qz-1&field=external_id')).toEqual(['Quincy']);
    expect(await names('search=qzacc-3&field=external_id')).toEqual(['Quinn']);
    expect(await names('search=QUINCY.&field=email')).toEqual(['Quincy']);
    expect(await names('search=512555018&field=phone')).toEqual(['Quincy', 'Quinn']);
    expect(await names('search=(512)%20555-0181&field=phone')).toEqual(['Quinn']);
    expect(await names('search=1-512-555-0180&field=phone')).toEqual(['Quincy']);
    expect((await list('search=abc&field=phone')).count).toBe(0);
    expect((await list('search=QZ-999')).count).toBe(0);
    expect((await list('search=5125550189')).count).toBe(0);
    expect((await list('search=quentin')).count).toBe(0);
  });

  it('tells what was typed by its shape when no field is given', async () => {
    // A name, or the start of a customer's or account's external id.
    expect(await names('search=Zabris')).toEqual(['Quincy', 'Quinn', 'Ana']);
    expect(await names('search=QZ-')).toEqual(['Bo', 'Quincy', 'Quinn']);
    expect(await names('search=qzacc')).toEqual(['Quincy', 'Quinn']);
    // '@' is an email.
    expect(await names('search=quinn@')).toEqual(['Quinn']);
    // Digits and phone punctuation: a phone number, or an external id.
    expect(await names('search=512-555-0180')).toEqual(['Quincy']);
    expect(await names('search=(512)%20555')).toEqual(['Quincy', 'Quinn']);
    expect(await names('search=77001')).toEqual(['Bo']);
    expect(await names('search=214555')).toHaveLength(36);
  });

  it("answers a search of the same shape in another merchant with that merchant's customers only", async () => {
    // A search's statement is built once per shape and serves every merchant (customers-list.repository.ts).
    const { db } = c.t.database;
    const [rival] = await db.insert(merchants).values({ name: 'Rival Motors' }).returning();
    await db.insert(customers).values({ merchantId: rival!.id, firstName: 'Zed', lastName: 'Zabriskie' });
    await addMember(db, { merchantId: rival!.id, email: 'admin@rival-motors.test', roles: ['admin'] });
    const { access } = await c.t.signIn('admin@rival-motors.test', MEMBER_PASSWORD);

    expect(await names('search=zabris&field=name')).toEqual(['Quincy', 'Quinn', 'Ana']);
    const rivals = await c.t.request(`/api/merchants/${rival!.id}/customers/?search=zabris&field=name`, {
      token: access,
    });
    expect(rivals.body).toMatchObject({ count: 1, results: [{ first_name: 'Zed' }] });
    expect(await names('search=zabris&field=name')).toEqual(['Quincy', 'Quinn', 'Ana']);
  });

  it('matches % and _ literally', async () => {
    expect((await list('search=zab%25e&field=name')).count).toBe(0);
    expect((await list('search=zabr_skie&field=name')).count).toBe(0);
    expect((await list('search=QZ_&field=external_id')).count).toBe(0);
  });

  it('filters by location, account status, tag and opt-out', async () => {
    expect(await names(`search=zab&location=${c.south.id}`)).toEqual(['Quinn']);
    expect(await names('search=zab&account_status=closed')).toEqual(['Quinn']);
    expect(await names('search=zab&account_status=active')).toEqual(['Bo', 'Quincy']);
    expect(await names(`search=zab&tag=${repoRisk}`)).toEqual(['Quincy']);
    expect(await names('search=zab&opted_out=true')).toEqual(['Ana']);
    expect(await names('search=zab&opted_out=false')).toEqual(['Bo', 'Quincy', 'Quinn']);
    // Across the merchant: Ana and the demo customer who replied STOP.
    expect((await list('opted_out=true')).count).toBe(2);
    const bad = await c.t.request(`${c.base}/customers/?location=nope&opted_out=maybe`, { token: c.staff });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body).sort()).toEqual(['location', 'opted_out']);
  });

  it('sorts by name, external id or creation, either way, and pages', async () => {
    expect(await names('search=zab')).toEqual(['Bo', 'Quincy', 'Quinn', 'Ana']);
    expect(await names('search=zab&ordering=-last_name')).toEqual(['Ana', 'Quinn', 'Quincy', 'Bo']);
    expect(await names('search=zab&ordering=external_id')).toEqual(['Quincy', 'Quinn', 'Bo', 'Ana']);
    expect(await names('search=zab&ordering=-external_id')).toEqual(['Bo', 'Quinn', 'Quincy', 'Ana']);
    expect(await names('search=zab&ordering=created')).toEqual(['Quincy', 'Quinn', 'Ana', 'Bo']);
    expect(await names('search=zab&ordering=-created')).toEqual(['Bo', 'Ana', 'Quinn', 'Quincy']);
    const first = await list('search=zab&page_size=3');
    expect(first.results.map((row) => row.first_name)).toEqual(['Bo', 'Quincy', 'Quinn']);
    expect(first).toMatchObject({
      count: 4,
      previous: null,
      next: `${c.base}/customers/?search=zab&page_size=3&page=2`,
    });
    const second = await c.t.request(first.next!, { token: c.staff });
    expect(second.body.results.map((row: Row) => row.first_name)).toEqual(['Ana']);
    expect(second.body).toMatchObject({
      next: null,
      previous: `${c.base}/customers/?search=zab&page_size=3&page=1`,
    });
    const everyone = await list('page_size=1000');
    expect(everyone.count).toBe(36 + 4);
    // A page past the end is empty and still counts (the page's rows carry the count otherwise).
    expect(await list('search=zab&page_size=3&page=3')).toMatchObject({ count: 4, results: [] });
    expect(await list('page_size=50&page=2')).toMatchObject({ count: 36 + 4, results: [] });
    expect(everyone.results.map((row) => row.id)).not.toContain(ids.voided);
    const bad = await c.t.request(`${c.base}/customers/?ordering=email&page_size=1001`, { token: c.staff });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body).sort()).toEqual(['ordering', 'page_size']);
  });
});
