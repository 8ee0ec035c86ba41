#!/usr/bin/env node
// Builds the API to JavaScript in apps/api/dist: the server and the production CLIs, each one ES module with
// our code and @paylane/shared bundled in and every npm dependency left to node_modules, plus the migrations.
// All of them sit in dist/ itself: db/migrate.ts finds migrations/ beside its own file, and config.ts finds
// the repository three folders up, as it does from src/. `node dist/server.js` then runs without tsx.
//   node scripts/build.mjs [--outdir <folder>]
import { cp, readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import { build } from 'esbuild';

const apiRoot = path.resolve(import.meta.dirname, '..');
const outdirFlag = process.argv.indexOf('--outdir');
const outdir = outdirFlag === -1 ? path.join(apiRoot, 'dist') : path.resolve(process.argv[outdirFlag + 1]);

const readDependencies = async (manifest) =>
  Object.keys(JSON.parse(await readFile(manifest, 'utf8')).dependencies ?? {});
// Our workspace package is TypeScript source: bundled. Everything else stays an import of node_modules.
const dependencies = [
  ...(await readDependencies(path.join(apiRoot, 'package.json'))),
  ...(await readDependencies(path.join(apiRoot, '../../packages/shared/package.json'))),
].filter((name) => name !== '@paylane/shared');

await rm(outdir, { recursive: true, force: true });
await build({
  absWorkingDir: apiRoot,
  entryPoints: {
    server: 'src/server.ts',
    migrate: 'src/cli/migrate.ts',
    'create-super-admin': 'src/cli/create-super-admin.ts',
  },
  outdir,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  external: dependencies.flatMap((name) => [name, `${name}/*`]),
  logLevel: 'warning',
});
await cp(path.join(apiRoot, 'src/db/migrations'), path.join(outdir, 'migrations'), { recursive: true });
console.log(`API built into ${path.relative(process.cwd(), outdir) || '.'}`);
