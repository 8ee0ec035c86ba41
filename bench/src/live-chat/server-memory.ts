// The resident memory of the API process under test. startServer (bench/src/server.ts) starts it as
// `node --import tsx apps/api/src/server.ts` with PORT=<port>: found here through /proc (Linux).
import { readdirSync, readFileSync } from 'node:fs';

export function findServerPid(port: number): number | null {
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const cmdline = readFileSync(`/proc/${entry}/cmdline`, 'utf8');
      if (!cmdline.includes('apps/api/src/server.ts')) continue;
      const environ = readFileSync(`/proc/${entry}/environ`, 'utf8').split('\0');
      if (environ.includes(`PORT=${port}`)) return Number(entry);
    } catch {
      // Gone meanwhile, or not ours to read.
    }
  }
  return null;
}

/** VmRSS of the process in MB, or NaN when it cannot be read. */
export function residentMb(pid: number | null): number {
  if (pid === null) return Number.NaN;
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = Number(/VmRSS:\s+(\d+)\s+kB/.exec(status)?.[1]);
    return kb / 1024;
  } catch {
    return Number.NaN;
  }
}
