import type { FastifyInstance } from 'fastify';

export type CrossTenantProbe = {
  /** A signed-in user of merchant A. */
  token: string;
  /** Merchant B's ids by path parameter name; any other parameter gets B's merchant id too. */
  foreignIds: Record<string, string> & { merchant_id: string };
  /** Texts of merchant B that must never appear in an answer to A (its name, ids, customers...). */
  foreignSecrets: string[];
};

export type CrossTenantLeak = { route: string; status: number; reason: string };

/**
 * Calls every registered /api/ route as a user of merchant A, with merchant B's ids in every path parameter,
 * and reports each answer that is not a refusal (403/404 with only a detail) when the route is
 * merchant-scoped, or that contains any of B's secrets. Later features' routes are covered by being registered.
 */
export async function findCrossTenantLeaks(
  app: FastifyInstance,
  probe: CrossTenantProbe,
): Promise<CrossTenantLeak[]> {
  const leaks: CrossTenantLeak[] = [];
  for (const route of app.apiRoutes) {
    if (route.method === 'HEAD' || route.method === 'OPTIONS') continue;
    const url = route.url.replace(
      /:([a-z_]+)/g,
      (_, name: string) => probe.foreignIds[name] ?? probe.foreignIds.merchant_id,
    );
    const response = await app.inject({
      method: route.method as 'GET',
      url,
      headers: { authorization: `Bearer ${probe.token}` },
      ...(route.method === 'GET' || route.method === 'DELETE' ? {} : { payload: {} }),
    });
    const name = `${route.method} ${route.url}`;
    const leaked = probe.foreignSecrets.find((secret) => response.body.includes(secret));
    if (leaked)
      leaks.push({ route: name, status: response.statusCode, reason: `answer contains "${leaked}"` });
    const isMerchantScoped = route.url.includes(':merchant_id');
    // Only a merchant route's answer must be the API's refusal; public pages (the sandbox's) may answer HTML.
    const isRefusal = () =>
      [403, 404].includes(response.statusCode) && Object.keys(response.json()).join() === 'detail';
    if (isMerchantScoped && !isRefusal()) {
      leaks.push({
        route: name,
        status: response.statusCode,
        reason: 'merchant route answered another tenant',
      });
    }
  }
  return leaks;
}
