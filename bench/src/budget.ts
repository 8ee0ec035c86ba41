// The performance budgets of docs/conventions.md §7 as data, and their judgement (issue 19 items 3 and 5).
// Ratios compare with the bare route measured in the same run, so they hold on a busy machine; the absolute
// figures hold only on a quiet one, which §7 defines by the bare route's own rate.

/** Which §7 budget a route answers to. Routes without one (sign-in, take payment) declare none. */
export type RouteKind =
  'list' | 'detail' | 'inbox' | 'chat' | 'search-phone' | 'search-id' | 'search-name' | 'report';

export type RouteBudget = {
  kind: RouteKind;
  /** Clients §7 measures the route at; the scenario runs at this many unless BENCH_CLIENTS says otherwise. */
  clients: number;
  /** req/s at least this many times the bare route's, in the same run. */
  minRequestsPerSecondToBare: number;
  /** p99 at most this many times the bare route's p99, in the same run. */
  maxP99ToBare: number;
  /** p99 under this many ms on a quiet machine. */
  quietP99Ms: number;
};

/** §7: the absolute figures hold where the bare route does at least this many req/s. */
export const QUIET_BARE_REQUESTS_PER_SECOND = 20_000;
/** Item 5: on embedded PGlite at 10 clients every demo page answers within this p99. */
export const EMBEDDED_P99_MS = 200;
export const EMBEDDED_CLIENTS = 10;

const quietP99Ms: Record<RouteKind, number> = {
  list: 50,
  detail: 50,
  report: 50,
  inbox: 30,
  chat: 30,
  'search-phone': 30,
  'search-id': 30,
  'search-name': 50,
};

export function routeBudget(kind: RouteKind): RouteBudget {
  return {
    kind,
    // Name search is the one route §7 measures at 10 clients: a trigram scan is CPU-bound by nature.
    clients: kind === 'search-name' ? 10 : 50,
    minRequestsPerSecondToBare: 0.15,
    maxP99ToBare: 8,
    quietP99Ms: quietP99Ms[kind],
  };
}

/** `conventions`: §7 on PostgreSQL; `embedded`: item 5, every page at 10 clients on PGlite. */
export type BudgetMode = 'conventions' | 'embedded';

export type Verdict = 'pass' | 'fail' | 'n/a';
export type Check = {
  /** What is judged, e.g. 'req/s ×bare', 'p99 ms'. */
  name: string;
  /** The budget as printed, e.g. '≥ 0.15×', '< 50 ms'. */
  budget: string;
  actual: number;
  verdict: Verdict;
  /** Why the verdict is n/a. */
  reason?: string;
};

export type RouteFigures = { requestsPerSecond: number; p99Ms: number };

const judged = (name: string, budget: string, actual: number, isWithin: boolean): Check => ({
  name,
  budget,
  actual,
  verdict: Number.isFinite(actual) && isWithin ? 'pass' : 'fail',
});

const notApplicable = (name: string, budget: string, actual: number, reason: string): Check => ({
  name,
  budget,
  actual,
  verdict: 'n/a',
  reason,
});

export function notQuietReason(bareRequestsPerSecond: number): string | null {
  if (bareRequestsPerSecond >= QUIET_BARE_REQUESTS_PER_SECOND) return null;
  return `machine not quiet: bare ${bareRequestsPerSecond.toFixed(0)} req/s < ${QUIET_BARE_REQUESTS_PER_SECOND / 1000}k`;
}

/**
 * A route's checks against the bare route of the same run: in §7 mode both ratios and the absolute p99
 * (n/a on a machine that is not quiet); in embedded mode the p99 ceiling only. No budget, no checks.
 */
export function judgeRoute(
  budget: RouteBudget | null,
  route: RouteFigures,
  bare: RouteFigures,
  mode: BudgetMode,
): Check[] {
  if (!budget) return [];
  if (mode === 'embedded') {
    return [judged('p99 ms', `≤ ${EMBEDDED_P99_MS} ms`, route.p99Ms, route.p99Ms <= EMBEDDED_P99_MS)];
  }
  const rateRatio = route.requestsPerSecond / bare.requestsPerSecond;
  const p99Ratio = route.p99Ms / bare.p99Ms;
  const absoluteBudget = `< ${budget.quietP99Ms} ms`;
  const notQuiet = notQuietReason(bare.requestsPerSecond);
  return [
    judged(
      'req/s ×bare',
      `≥ ${budget.minRequestsPerSecondToBare}×`,
      rateRatio,
      rateRatio >= budget.minRequestsPerSecondToBare,
    ),
    judged('p99 ×bare', `≤ ${budget.maxP99ToBare}×`, p99Ratio, p99Ratio <= budget.maxP99ToBare),
    notQuiet
      ? notApplicable('p99 ms', absoluteBudget, route.p99Ms, notQuiet)
      : judged('p99 ms', absoluteBudget, route.p99Ms, route.p99Ms < budget.quietP99Ms),
  ];
}

export const MASS_TEXT_BUDGET = {
  /** Accepting N recipients at most this many times the same INSERT … SELECT alone. */
  maxAcceptToSqlAlone: 1.5,
  /** Accepting this many recipients under quietAcceptSeconds on a quiet machine. */
  recipients: 100_000,
  quietAcceptSeconds: 5,
  /** Dispatch through the outbox provider above this many messages/s. */
  minDispatchPerSecond: 1000,
};

/**
 * The mass text's checks: accept ÷ its INSERT … SELECT alone (n/a without the SQL alone, which is measured
 * on PostgreSQL only), the accept's absolute time for 100,000 recipients on a quiet machine, and the
 * dispatch rate.
 */
export function judgeMassText(input: {
  recipients: number;
  acceptSeconds: number;
  sqlAloneSeconds: number | null;
  dispatchPerSecond: number;
  bareRequestsPerSecond: number;
}): Check[] {
  const { maxAcceptToSqlAlone, recipients, quietAcceptSeconds, minDispatchPerSecond } = MASS_TEXT_BUDGET;
  const ratio = input.sqlAloneSeconds === null ? Number.NaN : input.acceptSeconds / input.sqlAloneSeconds;
  const notTimed =
    input.recipients < recipients
      ? `§7 times ${recipients.toLocaleString('en-US')} recipients, not ${input.recipients.toLocaleString('en-US')}`
      : notQuietReason(input.bareRequestsPerSecond);
  return [
    input.sqlAloneSeconds === null
      ? notApplicable(
          'accept ×SQL alone',
          `≤ ${maxAcceptToSqlAlone}×`,
          ratio,
          'SQL alone on PostgreSQL only: BENCH_DATABASE_URL',
        )
      : judged('accept ×SQL alone', `≤ ${maxAcceptToSqlAlone}×`, ratio, ratio <= maxAcceptToSqlAlone),
    notTimed
      ? notApplicable('accept s', `< ${quietAcceptSeconds} s`, input.acceptSeconds, notTimed)
      : judged(
          'accept s',
          `< ${quietAcceptSeconds} s`,
          input.acceptSeconds,
          input.acceptSeconds < quietAcceptSeconds,
        ),
    judged(
      'dispatch msg/s',
      `> ${minDispatchPerSecond.toLocaleString('en-US')} msg/s`,
      input.dispatchPerSecond,
      input.dispatchPerSecond > minDispatchPerSecond,
    ),
  ];
}

export type BudgetSummary = { passed: number; failed: number; notApplicable: number };

export function summarize(checks: Check[]): BudgetSummary {
  const count = (verdict: Verdict) => checks.filter((check) => check.verdict === verdict).length;
  return { passed: count('pass'), failed: count('fail'), notApplicable: count('n/a') };
}

export function describeSummary(summary: BudgetSummary): string {
  const skipped = summary.notApplicable > 0 ? ` (${summary.notApplicable} n/a)` : '';
  return `Budgets: ${summary.passed} ✓, ${summary.failed} ✗${skipped}`;
}

/** A check as a table cell: '≥ 0.15× ✓', '< 50 ms ✗', '< 50 ms n/a (machine not quiet: …)'. */
export function checkCell(check: Check | undefined): string {
  if (!check) return '–';
  if (check.verdict === 'n/a') return `${check.budget} n/a (${check.reason ?? 'not judged'})`;
  return `${check.budget} ${check.verdict === 'pass' ? '✓' : '✗'}`;
}
