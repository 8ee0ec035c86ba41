import type { BenchContext } from './scenarios/scenario';

const ADMIN = { email: 'admin@demo.paylane.test', password: 'Paylane-Demo-1' };

/** Signs in as the demo admin, as every scenario requests: the context a scenario's prepare and requests use. */
export async function benchContext(baseUrl: string, databaseUrl: string | undefined): Promise<BenchContext> {
  const response = await fetch(`${baseUrl}/api/token/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(ADMIN),
  });
  if (!response.ok) {
    throw new Error(`signing in as ${ADMIN.email} failed: HTTP ${response.status} ${await response.text()}
(on PostgreSQL the demo is seeded only into an empty database)`);
  }
  const { access } = (await response.json()) as { access: string };
  const payload = JSON.parse(Buffer.from(access.split('.')[1] ?? '', 'base64url').toString('utf8'));
  return { baseUrl, admin: { ...ADMIN, access, userId: String(payload.user_id) }, databaseUrl };
}
