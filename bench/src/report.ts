import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { checkCell, judgeRoute, type BudgetMode, type Check } from './budget';
import type { Measurement } from './measure';
import { repoRoot } from './server';

type Ratio = { p99: number; requestsPerSecond: number };
export type Row = Measurement & { ratioToBare: Ratio; ratioToSql: Ratio | null; checks: Check[] };

const ratio = (value: number, base: number) => (base > 0 ? value / base : Number.NaN);

/** Every measurement with its ratios to the bare route (and to its SQL alone) and its budget's checks. */
export function withRatios(bare: Measurement, measurements: Measurement[], mode: BudgetMode): Row[] {
  // autocannon counts whole milliseconds: a bare p99 under 1 ms reads 0, and is taken as 1 ms for the ratios.
  const bareP99 = Math.max(bare.latencyMs.p99, 1);
  const bareFigures = { requestsPerSecond: bare.requestsPerSecond, p99Ms: bareP99 };
  return measurements.map((m) => ({
    ...m,
    ratioToBare: {
      p99: ratio(m.latencyMs.p99, bareP99),
      requestsPerSecond: ratio(m.requestsPerSecond, bare.requestsPerSecond),
    },
    ratioToSql: m.sqlAlone
      ? {
          p99: ratio(m.latencyMs.p99, m.sqlAlone.latencyMs.p99),
          requestsPerSecond: ratio(m.requestsPerSecond, m.sqlAlone.requestsPerSecond),
        }
      : null,
    checks: judgeRoute(
      m === bare ? null : m.budget,
      { requestsPerSecond: m.requestsPerSecond, p99Ms: m.latencyMs.p99 },
      bareFigures,
      mode,
    ),
  }));
}

/** Prints the scenarios with their budgets: each ratio's budget and ✓/✗, then the absolute p99's. */
export function printScenarioTable(rows: Row[]): void {
  const header = [
    'scenario',
    'kind',
    'conns',
    'req/s',
    'p50 ms',
    'p99 ms',
    'req/s ×bare',
    'p99 ×bare',
    'SQL req/s',
    'SQL p99 ms',
    'p99 ×SQL',
    'budget req/s ×bare',
    'budget p99 ×bare',
    'budget p99',
    'non-2xx/err',
  ];
  const body = rows.map((r) => {
    const check = (name: string) => checkCell(r.checks.find((c) => c.name === name));
    return [
      r.scenario,
      r.budget?.kind ?? '–',
      String(r.connections),
      r.requestsPerSecond.toFixed(0),
      r.latencyMs.p50.toFixed(1),
      r.latencyMs.p99.toFixed(1),
      r.ratioToBare.requestsPerSecond.toFixed(3),
      r.ratioToBare.p99.toFixed(2),
      r.sqlAlone ? r.sqlAlone.requestsPerSecond.toFixed(0) : '–',
      r.sqlAlone ? r.sqlAlone.latencyMs.p99.toFixed(1) : '–',
      r.ratioToSql ? r.ratioToSql.p99.toFixed(2) : '–',
      check('req/s ×bare'),
      check('p99 ×bare'),
      check('p99 ms'),
      `${r.non2xx}/${r.errors}`,
    ];
  });
  printTable(header, body);
}

/** A plain text table: the first column left-aligned, the others right-aligned. */
export function printTable(header: string[], body: string[][]): void {
  const widths = header.map((h, i) => Math.max(h.length, ...body.map((cells) => cells[i]?.length ?? 0)));
  const line = (cells: string[]) =>
    cells
      .map((cell, i) => (i === 0 ? cell.padEnd(widths[i] ?? 0) : cell.padStart(widths[i] ?? 0)))
      .join('  ')
      .trimEnd();
  console.log(`\n${line(header)}\n${widths.map((w) => '-'.repeat(w)).join('  ')}`);
  for (const cells of body) console.log(line(cells));
  console.log('');
}

/**
 * Writes bench/results/<prefix><timestamp>.json (gitignored) with the run's facts (commit, node, cores)
 * before `fields`, and returns its path.
 */
export function writeResults(fields: Record<string, unknown>, prefix = ''): string {
  const dir = path.join(repoRoot, 'bench/results');
  mkdirSync(dir, { recursive: true });
  const startedAt = new Date().toISOString();
  const file = path.join(dir, `${prefix}${startedAt.replace(/[:.]/g, '-')}.json`);
  const document = {
    startedAt,
    commit: gitCommit(),
    node: process.version,
    cpus: os.availableParallelism(),
    ...fields,
  };
  writeFileSync(file, `${JSON.stringify(document, null, 2)}\n`);
  return file;
}

function gitCommit(): string | null {
  try {
    return execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: repoRoot, encoding: 'utf8' }).trim();
  } catch {
    return null;
  }
}
