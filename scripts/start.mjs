#!/usr/bin/env node
// `npm start`: builds the web app and the API only when their build is missing or older than their sources,
// then runs the compiled API (which serves the built web app). SIGINT and SIGTERM go to the server, which
// drains its work before exiting; its exit code is ours.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const at = (...parts) => path.join(root, ...parts);

const builds = [
  {
    name: 'web app',
    output: at('apps/web/dist/index.html'),
    inputs: [
      at('apps/web/src'),
      at('apps/web/index.html'),
      at('apps/web/vite.config.ts'),
      at('apps/web/scripts'),
      at('apps/web/package.json'),
      at('packages/shared/src'),
      at('package-lock.json'),
    ],
    command: ['npm', 'run', 'build', '--workspace', '@paylane/web'],
  },
  {
    name: 'API',
    output: at('apps/api/dist/server.js'),
    inputs: [at('apps/api/src'), at('apps/api/scripts'), at('packages/shared/src'), at('package-lock.json')],
    command: ['npm', 'run', 'build', '--workspace', '@paylane/api'],
  },
];

/** The newest modification time under a file or folder (0 when it does not exist). */
function newestChange(entry) {
  if (!existsSync(entry)) return 0;
  const stats = statSync(entry);
  if (!stats.isDirectory()) return stats.mtimeMs;
  let newest = stats.mtimeMs;
  for (const name of readdirSync(entry)) newest = Math.max(newest, newestChange(path.join(entry, name)));
  return newest;
}

for (const build of builds) {
  const builtAt = existsSync(build.output) ? statSync(build.output).mtimeMs : 0;
  const changedAt = Math.max(...build.inputs.map(newestChange));
  if (builtAt > changedAt) continue;
  console.log(
    builtAt === 0 ? `Building the ${build.name}…` : `Rebuilding the ${build.name} (sources changed)…`,
  );
  const result = spawnSync(build.command[0], build.command.slice(1), { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

const server = spawn(process.execPath, ['--enable-source-maps', at('apps/api/dist/server.js')], {
  cwd: root,
  stdio: 'inherit',
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
