// The CSV customer import driven through the API, shared by `bench:import` and `bench:mass-text` (which needs
// 100,000 customers in one merchant before it can text them).

export const ADMIN = { email: 'admin@demo.paylane.test', password: 'Paylane-Demo-1' };

export type Step = { step: string; seconds: number };
type ImportAnswer = { id: string; status: string; valid_rows: number; invalid_rows: number } & Record<
  string,
  unknown
>;

export async function call<T>(
  baseUrl: string,
  token: string,
  path: string,
  init: RequestInit = {},
): Promise<T> {
  const response = await fetch(`${baseUrl}${path}`, {
    ...init,
    headers: { authorization: `Bearer ${token}`, ...(init.headers as Record<string, string>) },
  });
  const text = await response.text();
  if (!response.ok)
    throw new Error(`${init.method ?? 'GET'} ${path}: HTTP ${response.status} ${text.slice(0, 300)}`);
  return JSON.parse(text) as T;
}

export async function timed<T>(steps: Step[], step: string, work: () => Promise<T>): Promise<T> {
  const started = performance.now();
  const result = await work();
  steps.push({ step, seconds: (performance.now() - started) / 1000 });
  return result;
}

/** One import of `csv` through the API; returns the steps' times and the finished import. */
export async function importOnce(baseUrl: string, token: string, merchantId: string, csv: string) {
  const base = `/api/merchants/${merchantId}/customer_imports/`;
  const steps: Step[] = [];
  const uploaded = await timed(steps, 'upload (POST, parse, store)', () => {
    const body = new FormData();
    body.append('file', new Blob([csv], { type: 'text/csv' }), 'bench-customers.csv');
    return call<ImportAnswer & { suggested_mapping: Record<string, string> }>(baseUrl, token, base, {
      method: 'POST',
      body,
    });
  });
  const mapped = await timed(steps, 'map + check every row (PUT mapping)', () =>
    call<ImportAnswer>(baseUrl, token, `${base}${uploaded.id}/mapping/`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ mapping: uploaded.suggested_mapping }),
    }),
  );
  if (mapped.invalid_rows > 0) {
    const sample = await call(baseUrl, token, `${base}${uploaded.id}/rows/?errors_only=true&page_size=3`);
    throw new Error(`${mapped.invalid_rows} rows were refused: ${JSON.stringify(sample).slice(0, 500)}`);
  }
  const polls: number[] = [];
  const finished = await timed(steps, 'import job (start → completed)', async () => {
    await call(baseUrl, token, `${base}${uploaded.id}/start/`, { method: 'POST' });
    for (;;) {
      const asked = performance.now();
      const current = await call<ImportAnswer>(baseUrl, token, `${base}${uploaded.id}/`);
      polls.push(performance.now() - asked);
      if (current.status === 'completed' || current.status === 'failed') return current;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  });
  steps.push({ step: 'whole import', seconds: steps.reduce((sum, s) => sum + s.seconds, 0) });
  return { steps, finished, polls: polls.sort((a, b) => a - b) };
}

/** Signs the demo admin in and returns the token and the demo merchant's id. */
export async function signInDemoAdmin(baseUrl: string): Promise<{ access: string; merchantId: string }> {
  const { access } = await call<{ access: string }>(baseUrl, '', '/api/token/', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(ADMIN),
  });
  const profile = await call<{ results: { memberships: { merchant: { id: string } }[] }[] }>(
    baseUrl,
    access,
    '/api/profile/',
  );
  return { access, merchantId: profile.results[0]?.memberships[0]?.merchant.id ?? '' };
}
