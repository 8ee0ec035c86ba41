import { describe, expect, it } from 'vitest';
import { judgeMassText, judgeRoute, routeBudget, summarize, type Check } from './budget';
import { scenarios } from './registry';

const quietBare = { requestsPerSecond: 25_000, p99Ms: 5 };
const verdicts = (checks: Check[]) => Object.fromEntries(checks.map((c) => [c.name, c.verdict]));

describe('judgeRoute (docs/conventions.md §7)', () => {
  it('passes a route within both ratios and its absolute p99 on a quiet machine', () => {
    const checks = judgeRoute(
      routeBudget('list'),
      { requestsPerSecond: 5000, p99Ms: 30 },
      quietBare,
      'conventions',
    );
    expect(verdicts(checks)).toEqual({ 'req/s ×bare': 'pass', 'p99 ×bare': 'pass', 'p99 ms': 'pass' });
  });

  it('fails each ratio on its own side of the bound, the bounds themselves passing', () => {
    const atBounds = judgeRoute(
      routeBudget('list'),
      { requestsPerSecond: 0.15 * 25_000, p99Ms: 8 * 5 },
      quietBare,
      'conventions',
    );
    expect(verdicts(atBounds)).toMatchObject({ 'req/s ×bare': 'pass', 'p99 ×bare': 'pass' });
    const beyond = judgeRoute(
      routeBudget('list'),
      { requestsPerSecond: 0.14 * 25_000, p99Ms: 8.1 * 5 },
      quietBare,
      'conventions',
    );
    expect(verdicts(beyond)).toMatchObject({ 'req/s ×bare': 'fail', 'p99 ×bare': 'fail' });
  });

  it('holds inbox, chat, phone and id search to 30 ms and name search to 50 ms, strictly under', () => {
    const at30 = { requestsPerSecond: 10_000, p99Ms: 30 };
    for (const kind of ['inbox', 'chat', 'search-phone', 'search-id'] as const) {
      expect(verdicts(judgeRoute(routeBudget(kind), at30, quietBare, 'conventions'))['p99 ms']).toBe('fail');
    }
    expect(verdicts(judgeRoute(routeBudget('search-name'), at30, quietBare, 'conventions'))['p99 ms']).toBe(
      'pass',
    );
  });

  it('does not judge the absolute p99 when the bare route is under 20k req/s', () => {
    const busyBare = { requestsPerSecond: 9_800, p99Ms: 12 };
    const [, , absolute] = judgeRoute(
      routeBudget('detail'),
      { requestsPerSecond: 3000, p99Ms: 90 },
      busyBare,
      'conventions',
    );
    expect(absolute).toMatchObject({ verdict: 'n/a', reason: 'machine not quiet: bare 9800 req/s < 20k' });
  });

  it('judges only the 200 ms p99 in embedded mode', () => {
    const at200 = judgeRoute(
      routeBudget('list'),
      { requestsPerSecond: 1, p99Ms: 200 },
      quietBare,
      'embedded',
    );
    expect(at200).toEqual([{ name: 'p99 ms', budget: '≤ 200 ms', actual: 200, verdict: 'pass' }]);
    const over = judgeRoute(routeBudget('list'), { requestsPerSecond: 1, p99Ms: 201 }, quietBare, 'embedded');
    expect(over[0]?.verdict).toBe('fail');
  });

  it('judges nothing for a route without a budget', () => {
    expect(judgeRoute(null, { requestsPerSecond: 1, p99Ms: 999 }, quietBare, 'conventions')).toEqual([]);
  });
});

describe('the registered scenarios', () => {
  it('run at their budget’s clients: name search at 10, every other budgeted route at 50', () => {
    const budgeted = scenarios.filter((s) => s.budget);
    for (const scenario of budgeted) expect(scenario.connections).toBe(scenario.budget?.clients);
    const nameSearches = budgeted.filter((s) => s.budget?.kind === 'search-name');
    expect(nameSearches.map((s) => s.connections)).toEqual([10, 10]);
  });
});

describe('judgeMassText', () => {
  const quiet = { recipients: 100_000, bareRequestsPerSecond: 25_000 };

  it('passes an accept within 1.5× its SQL alone and under 5 s, and a dispatch over 1,000/s', () => {
    const checks = judgeMassText({ acceptSeconds: 3, sqlAloneSeconds: 2, dispatchPerSecond: 1500, ...quiet });
    expect(summarize(checks)).toEqual({ passed: 3, failed: 0, notApplicable: 0 });
  });

  it('fails an accept over 1.5× its SQL alone and a dispatch of exactly 1,000/s', () => {
    const checks = judgeMassText({
      acceptSeconds: 3.1,
      sqlAloneSeconds: 2,
      dispatchPerSecond: 1000,
      ...quiet,
    });
    expect(verdicts(checks)).toEqual({
      'accept ×SQL alone': 'fail',
      'accept s': 'pass',
      'dispatch msg/s': 'fail',
    });
  });

  it('leaves the ratio unjudged without the SQL alone and the time on a busy machine', () => {
    const checks = judgeMassText({
      acceptSeconds: 9,
      sqlAloneSeconds: null,
      dispatchPerSecond: 2000,
      recipients: 100_000,
      bareRequestsPerSecond: 12_000,
    });
    expect(summarize(checks)).toEqual({ passed: 1, failed: 0, notApplicable: 2 });
  });

  it('leaves the 5 s unjudged for fewer than 100,000 recipients, the ratio still judged', () => {
    const checks = judgeMassText({
      acceptSeconds: 0.2,
      sqlAloneSeconds: 0.1,
      dispatchPerSecond: 2000,
      recipients: 2000,
      bareRequestsPerSecond: 25_000,
    });
    expect(checks.find((c) => c.name === 'accept s')).toMatchObject({
      verdict: 'n/a',
      reason: '§7 times 100,000 recipients, not 2,000',
    });
    expect(checks.find((c) => c.name === 'accept ×SQL alone')?.verdict).toBe('fail');
  });
});
