// Before any journey: the demo merchant sends texts at every hour of the run. Its seeded quiet hours
// (21:00–08:00 on the merchant's clock) hold texts back as the law asks, so a run in the evening saw every
// staff reply stay 'Queued' and the journeys that wait for Sent or Delivered failed by the time of day. The
// quiet hours themselves have their own API and dispatcher tests.
import { request, type FullConfig } from '@playwright/test';
import { DEMO_MERCHANT, DEMO_PASSWORD, demoUsers } from './demo';

type Settings = Record<string, unknown>;

/** The settings PUT takes what GET answers, less the fields it does not write. */
const writableSettings = [
  'name',
  'email',
  'phone',
  'website',
  'time_zone',
  'min_payment_amount_cents',
  'max_payment_amount_cents',
];

export default async function openDemoQuietHours(config: FullConfig) {
  const baseURL = config.projects[0]?.use.baseURL;
  const api = await request.newContext({ baseURL });
  try {
    const signedIn = await api.post('/api/token/', {
      data: { email: demoUsers.superAdmin.email, password: DEMO_PASSWORD },
    });
    if (!signedIn.ok())
      throw new Error(`demo super admin sign-in: ${signedIn.status()} ${await signedIn.text()}`);
    const { access } = (await signedIn.json()) as { access: string };
    const headers = { Authorization: `Bearer ${access}` };
    const merchants = (await (
      await api.get('/api/merchants/', { headers, params: { search: DEMO_MERCHANT } })
    ).json()) as {
      results: { id: string; name: string }[];
    };
    const demo = merchants.results.find((merchant) => merchant.name === DEMO_MERCHANT);
    if (!demo) throw new Error(`no ${DEMO_MERCHANT} among the merchants`);
    const path = `/api/merchants/${demo.id}/settings/`;
    const settings = (await (await api.get(path, { headers })).json()) as Settings;
    const data = Object.fromEntries(writableSettings.map((key) => [key, settings[key]]));
    // Start equal to end: no quiet hours.
    const saved = await api.put(path, {
      headers,
      data: { ...data, quiet_hours_start: '00:00', quiet_hours_end: '00:00' },
    });
    if (!saved.ok())
      throw new Error(`opening the demo's quiet hours: ${saved.status()} ${await saved.text()}`);
  } finally {
    await api.dispose();
  }
}
