import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app';

// The demo's failed actions (issue 18 item 4): the two autopay charges the nightly run declined yesterday (one
// insufficient funds, one a declined card), and the texts its history shows as undelivered.
describe('demo failed actions', () => {
  let t: TestApp;
  let path: string;
  let staff: string;

  beforeAll(async () => {
    t = await createTestApp();
    path = `/api/merchants/${await t.demoMerchantId()}/failed-actions/`;
    staff = await t.demoToken('staff');
  });
  afterAll(() => t.close());

  it('has the autopay charges the nightly run declined yesterday as open autopay actions', async () => {
    const { body } = await t.request(`${path}?kind=autopay&state=open`, { token: staff });
    expect(body.count).toBe(2);
    const reasons = body.results.map((action: { reason_code: string }) => action.reason_code).sort();
    expect(reasons).toEqual(['card_declined', 'insufficient_funds']);
    for (const action of body.results) {
      expect(action).toMatchObject({ is_retryable: true, state: 'open', amount: expect.any(Number) });
      const autopay = await t.request(
        `/api/merchants/${await t.demoMerchantId()}/customers/${action.customer.id}/accounts/${action.account.id}/autopay/`,
        { token: staff },
      );
      expect(autopay.body).toMatchObject({ autopay_enabled: true });
    }
  });

  it('lists the undelivered texts of its history as open message actions', async () => {
    const { body } = await t.request(`${path}?kind=message&state=open`, { token: staff });
    expect(body.count).toBeGreaterThan(0);
    expect(body.results[0]).toMatchObject({ kind: 'message', is_retryable: true });
  });
});
