import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Measurement } from './measure';
import { repoRoot } from './server';

type Ratio = { p99: number; requestsPerSecond: number };
export type Row = Measurement & { ratioToBare: Ratio; ratioToSql: Ratio | null };

const ratio = (value: number, base: number) => (base > 0 ? value / base : Number.NaN);

export function withRatios(bare: Measurement, measurements: Measurement[]): Row[] {
  return measurements.map((m) => ({
    ...m,
    ratioToBare: {
      p99: ratio(m.latencyMs.p99, bare.latencyMs.p99),
      requestsPerSecond: ratio(m.requestsPerSecond, bare.requestsPerSecond),
    },
    ratioToSql: m.sqlAlone
      ? {
          p99: ratio(m.latencyMs.p99, m.sqlAlone.latencyMs.p99),
          requestsPerSecond: ratio(m.requestsPerSecond, m.sqlAlone.requestsPerSecond),
        }
      : null,
  }));
}

export function printTable(rows: Row[]): void {
  const header = [
    'scenario',
    'conns',
    'req/s',
    'p50 ms',
    'p99 ms',
    'p99 ×bare',
    'req/s ×bare',
    'SQL p99 ms',
    'p99 ×SQL',
    'non-2xx',
    'errors',
  ];
  const body = rows.map((r) => [
    r.scenario,
    String(r.connections),
    r.requestsPerSecond.toFixed(0),
    r.latencyMs.p50.toFixed(1),
    r.latencyMs.p99.toFixed(1),
    r.ratioToBare.p99.toFixed(2),
    r.ratioToBare.requestsPerSecond.toFixed(3),
    r.sqlAlone ? r.sqlAlone.latencyMs.p99.toFixed(1) : '-',
    r.ratioToSql ? r.ratioToSql.p99.toFixed(2) : '-',
    String(r.non2xx),
    String(r.errors),
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...body.map((cells) => cells[i]?.length ?? 0)));
  const line = (cells: string[]) =>
    cells
      .map((cell, i) => (i === 0 ? cell.padEnd(widths[i] ?? 0) : cell.padStart(widths[i] ?? 0)))
      .join('  ');
  console.log(`\n${line(header)}\n${widths.map((w) => '-'.repeat(w)).join('  ')}`);
  for (const cells of body) console.log(line(cells));
  console.log('');
}

/** Writes bench/results/<timestamp>.json (gitignored) and returns its path. */
export function writeResults(rows: Row[], meta: { database: string; loadAverageBefore: number }): string {
  const dir = path.join(repoRoot, 'bench/results');
  mkdirSync(dir, { recursive: true });
  const startedAt = new Date().toISOString();
  const file = path.join(dir, `${startedAt.replace(/[:.]/g, '-')}.json`);
  const document = {
    startedAt,
    commit: gitCommit(),
    database: meta.database,
    node: process.version,
    cpus: os.availableParallelism(),
    loadAverageBefore: meta.loadAverageBefore,
    scenarios: rows,
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
