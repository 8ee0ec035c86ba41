import type { AutopaySummary } from '@paylane/shared/contracts/autopay';
import type { HomeSummary } from '@paylane/shared/contracts/home';
import type { Merchant } from '@paylane/shared/contracts/merchants';
import type { Profile } from '@paylane/shared/contracts/profile';
import type { PromiseSummary, ScheduledSummary } from '@paylane/shared/contracts/promises';
import { storageKeys } from '../lib/session-storage';

const base64url = (value: unknown) =>
  btoa(JSON.stringify(value)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');

/** An unsigned access JWT with the claims the client reads (the server is the one that verifies). */
export function makeAccessToken(
  options: { userId?: string; groups?: string[]; expiresInSeconds?: number } = {},
): string {
  const now = Math.floor(Date.now() / 1000);
  const payload = {
    token_type: 'access',
    user_id: options.userId ?? 'user-1',
    groups: options.groups ?? [],
    exp: now + (options.expiresInSeconds ?? 300),
    iat: now,
    jti: Math.random().toString(36).slice(2),
  };
  return `${base64url({ alg: 'HS256', typ: 'JWT' })}.${base64url(payload)}.signature`;
}

let refreshCounter = 0;
export const makeTokenPair = (options: Parameters<typeof makeAccessToken>[0] = {}) => ({
  access: makeAccessToken(options),
  refresh: `refresh-${++refreshCounter}`,
});

/** Puts a signed-in session in localStorage, as a previous visit would have left it. */
export function storeSession(
  options: Parameters<typeof makeAccessToken>[0] & { lastActivity?: number } = {},
) {
  const pair = makeTokenPair(options);
  window.localStorage.setItem(storageKeys.accessToken, pair.access);
  window.localStorage.setItem(storageKeys.refreshToken, pair.refresh);
  window.localStorage.setItem(storageKeys.lastActivity, String(options.lastActivity ?? Date.now()));
  return pair;
}

export const merchantA: Merchant = {
  id: 'merchant-a',
  name: 'Acme Motors',
  logo: null,
  integration_type: null,
  is_integrated: false,
  check_custom_roles: false,
  allow_group_message: true,
  time_zone: 'America/Chicago',
  status: 'active',
  sms_from_number: null,
  sms_messaging_service_sid: null,
};

export const merchantB: Merchant = { ...merchantA, id: 'merchant-b', name: 'Bolt Auto' };

export function makeProfile(overrides: Partial<Profile> = {}): Profile {
  return {
    id: 'user-1',
    email: 'jane@acme.test',
    first_name: 'Jane',
    last_name: 'Doe',
    is_super_admin: false,
    is_partner: false,
    roles: ['staff'],
    memberships: [
      {
        merchant: { id: merchantA.id, name: merchantA.name, logo: null },
        roles: ['staff'],
        custom_role: null,
        permissions: {},
      },
    ],
    organization: { id: merchantA.id, name: merchantA.name, logo: null },
    ...overrides,
  };
}

export const profilePage = (profile: Profile) => ({
  count: 1,
  next: null,
  previous: null,
  results: [profile],
});

/** The calls a signed-in start-up makes: refresh, profile, merchant, the switcher list, blacklist on logout. */
/** Home's figures (GET .../home_summary/) for a merchant with nothing yet; override what a test looks at. */
export function makeHomeSummary(overrides: Partial<HomeSummary> = {}): HomeSummary {
  return {
    since: '2026-10-24T12:00:00.000Z',
    customers: 0,
    accounts: { active: 0, due_this_week: 0, past_due: 0 },
    conversations: { total: 0, waiting_for_reply: 0, unread_messages: 0 },
    texts: { received: 0, delivered: 0, sent: 0, queued: 0, failed: 0 },
    auto_messages: { sent: 0, skipped: 0 },
    latest_batch: null,
    ...overrides,
  };
}

/** Home's promise figures (GET .../promise_summary/) with nothing promised; override what a test looks at. */
export function makePromiseSummary(overrides: Partial<PromiseSummary> = {}): PromiseSummary {
  return {
    open: 0,
    unconfirmed: 0,
    due_today: 0,
    kept_30_days: 0,
    broken_30_days: 0,
    partially_kept_30_days: 0,
    ...overrides,
  };
}

/** Home's scheduled-payment figures (GET .../scheduled_summary/) with nothing scheduled. */
export function makeScheduledSummary(overrides: Partial<ScheduledSummary> = {}): ScheduledSummary {
  return {
    scheduled: 0,
    scheduled_cents: 0,
    due_next_7_days: 0,
    due_next_7_days_cents: 0,
    failed_30_days: 0,
    ...overrides,
  };
}

export function signedInApi(options: { profile?: Profile; merchants?: Merchant[]; groups?: string[] } = {}) {
  const profile = options.profile ?? makeProfile();
  const merchants = options.merchants ?? [merchantA, merchantB];
  const byId = new Map(merchants.map((merchant) => [merchant.id, merchant]));
  return {
    'POST /api/token/refresh/': () => ({
      body: makeTokenPair({ userId: profile.id, groups: options.groups }),
    }),
    'POST /api/token/blacklist/': { body: {} },
    'GET /api/profile/': { body: profilePage(profile) },
    'GET /api/merchants/simplified_list/': {
      body: {
        count: merchants.length,
        next: null,
        previous: null,
        results: merchants.map(({ id, name }) => ({ id, name })),
      },
    },
    ...Object.fromEntries(
      [...byId].map(([id, merchant]) => [`GET /api/merchants/${id}/`, { body: merchant }]),
    ),
    // Home opens on every sign-in.
    ...Object.fromEntries(
      [...byId].map(([id]) => [`GET /api/merchants/${id}/home_summary/`, { body: makeHomeSummary() }]),
    ),
    ...Object.fromEntries(
      [...byId].map(([id]) => [`GET /api/merchants/${id}/recent_payments/`, { body: { results: [] } }]),
    ),
    // The navigation's Inbox count (issue 20).
    ...Object.fromEntries(
      [...byId].map(([id]) => [
        `GET /api/merchants/${id}/inbox/counts/`,
        { body: { needs_reply: 0, unread: 0 } },
      ]),
    ),
    ...Object.fromEntries(
      [...byId].map(([id]) => [`GET /api/merchants/${id}/promise_summary/`, { body: makePromiseSummary() }]),
    ),
    ...Object.fromEntries(
      [...byId].map(([id]) => [
        `GET /api/merchants/${id}/scheduled_summary/`,
        { body: makeScheduledSummary() },
      ]),
    ),
    // Home's /failed-payments (issue 18 item 4): none unless a test says otherwise.
    ...Object.fromEntries(
      [...byId].map(([id]) => [
        `GET /api/merchants/${id}/failed-actions/`,
        { body: { count: 0, next: null, previous: null, results: [] } },
      ]),
    ),
    // Home's Today: the day's autopay run (issue 20); none unless a test says otherwise.
    ...Object.fromEntries(
      [...byId].map(([id]) => [`GET /api/merchants/${id}/autopay_summary/`, { body: emptyAutopaySummary }]),
    ),
  };
}

const emptyAutopaySummary: AutopaySummary = {
  start: '2026-11-28',
  end: '2026-11-28',
  enrolled: 0,
  charged: 0,
  charged_cents: 0,
  failed: 0,
  failed_cents: 0,
  days: [],
};
