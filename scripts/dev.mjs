#!/usr/bin/env node
// `npm run dev`: the API (tsx watch, port 3000) and the web dev server (vite, port 5173, proxying /api and
// /ws to 3000; see apps/web/vite.config.ts) side by side, with prefixed output. Ctrl+C or SIGTERM stops
// both; when one of them exits, the other is stopped too and its exit code is returned.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const bin = (name) => path.join(root, 'node_modules', '.bin', name);

const services = [
  { name: 'api', color: 36, command: bin('tsx'), args: ['watch', 'apps/api/src/server.ts'], cwd: root },
  { name: 'web', color: 35, command: bin('vite'), args: [], cwd: path.join(root, 'apps/web') },
];

let exitCode = 0;
let stopping = false;
const running = new Set();

for (const service of services) start(service);

for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
  process.on(signal, () => stopAll(signal, 0));
}

function start(service) {
  const child = spawn(service.command, service.args, {
    cwd: service.cwd,
    // Output goes through a pipe, so tell the tools to keep their colours when we print to a terminal.
    env:
      process.stdout.isTTY && process.env.FORCE_COLOR === undefined
        ? { ...process.env, FORCE_COLOR: '1' }
        : process.env,
    // Own process group: a terminal Ctrl+C reaches only this script, which then signals each child once
    // (a second SIGINT makes tsx watch kill the server without its graceful shutdown).
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  running.add(child);
  const prefix = process.stdout.isTTY
    ? `\x1b[${service.color}m[${service.name}]\x1b[0m `
    : `[${service.name}] `;
  pipeLines(child.stdout, process.stdout, prefix);
  pipeLines(child.stderr, process.stderr, prefix);
  child.on('error', (error) => {
    console.error(`${prefix}could not start ${service.command}: ${error.message}`);
    running.delete(child);
    stopAll('SIGTERM', 1);
  });
  child.on('exit', (code, signal) => {
    running.delete(child);
    if (!stopping) {
      console.error(`${prefix}exited (${signal ?? `code ${code}`}); stopping the others`);
      stopAll('SIGTERM', code ?? 1);
    }
    if (running.size === 0) process.exit(exitCode);
  });
}

function stopAll(signal, code) {
  if (stopping) return;
  stopping = true;
  exitCode = code;
  for (const child of running) child.kill(signal);
  if (running.size === 0) process.exit(exitCode);
  // A child that ignores the signal must not keep the terminal (the API drains its job queue for up to 10 s).
  setTimeout(() => {
    for (const child of running) child.kill('SIGKILL');
    process.exit(exitCode || 1);
  }, 15_000).unref();
}

function pipeLines(from, to, prefix) {
  let pending = '';
  from.setEncoding('utf8');
  from.on('data', (chunk) => {
    const lines = (pending + chunk).split('\n');
    pending = lines.pop() ?? '';
    for (const line of lines) to.write(`${prefix}${line}\n`);
  });
  from.on('end', () => {
    if (pending) to.write(`${prefix}${pending}\n`);
  });
}
