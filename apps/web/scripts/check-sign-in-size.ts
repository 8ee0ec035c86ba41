// `npm run check:sign-in-size` (after `vite build`): the JavaScript a browser downloads to show /login must stay
// under 180 kB gzipped (docs/conventions.md §7). Reads the files from vite's manifest graph — the
// entry chunk, its static imports, and the login route's lazy chunk with its static imports — and exits 1 above
// the budget, listing the heaviest chunks and the modules inside them so the reader knows what to cut.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Manifest } from 'vite';
import { MODULE_SIZES_FILE, type ModuleSizes } from './module-sizes-plugin';

const BUDGET_KB = 180;
/** Manifest keys: the HTML entry, and the module router.tsx imports lazily for the /login route. */
const ENTRY = 'index.html';
const SIGN_IN_ROUTE = 'src/app/routes/auth/login.tsx';
const TOP_CHUNKS = 8;
const TOP_SOURCES = 15;

const webRoot = path.resolve(import.meta.dirname, '..');
const distDir = path.join(webRoot, 'dist');

type LoadedChunk = { file: string; gzipBytes: number };

/** The chunk of `key` and every chunk it imports statically: what the browser fetches before running it. */
function staticClosure(manifest: Manifest, key: string, seen = new Set<string>()): Set<string> {
  const chunk = manifest[key];
  if (!chunk) throw new Error(`${key} is not in the build manifest: did it move? Update this check.`);
  if (seen.has(key)) return seen;
  seen.add(key);
  for (const imported of chunk.imports ?? []) staticClosure(manifest, imported, seen);
  return seen;
}

function signInChunks(manifest: Manifest): LoadedChunk[] {
  const entryKeys = staticClosure(manifest, ENTRY);
  const routeIsLazy = [...entryKeys].some((key) => manifest[key]?.dynamicImports?.includes(SIGN_IN_ROUTE));
  if (!routeIsLazy)
    throw new Error(`The entry no longer imports ${SIGN_IN_ROUTE} lazily; update this check.`);
  const keys = staticClosure(manifest, SIGN_IN_ROUTE, entryKeys);
  return [...keys].map((key) => {
    const file = manifest[key]!.file;
    return { file, gzipBytes: gzipSync(readFileSync(path.join(distDir, file))).length };
  });
}

const kb = (bytes: number) => `${(bytes / 1000).toFixed(1)} kB`;

/** A module's package (`libphonenumber-js`, `@mantine/core`) or, for our own code, its path in the repo. */
function sourceOf(moduleId: string): string {
  const inPackage = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(moduleId);
  if (inPackage) return inPackage[1]!;
  return path.relative(path.resolve(webRoot, '../..'), moduleId.replace(/^\0/, '')) || moduleId;
}

/** Gzipped module bytes per package or source file across the given chunks, largest first. */
function heaviestSources(chunks: LoadedChunk[], sizes: ModuleSizes): [string, number][] {
  const bySource = new Map<string, number>();
  for (const { file } of chunks) {
    for (const [id, bytes] of Object.entries(sizes[file] ?? {})) {
      bySource.set(sourceOf(id), (bySource.get(sourceOf(id)) ?? 0) + bytes);
    }
  }
  return [...bySource].sort((a, b) => b[1] - a[1]);
}

function printWhatWeighs(chunks: LoadedChunk[]) {
  const sizes = JSON.parse(readFileSync(path.join(distDir, MODULE_SIZES_FILE), 'utf8')) as ModuleSizes;
  console.error('\nHeaviest chunks on the /login path (gzipped):');
  for (const chunk of [...chunks].sort((a, b) => b.gzipBytes - a.gzipBytes).slice(0, TOP_CHUNKS)) {
    console.error(`  ${kb(chunk.gzipBytes).padStart(9)}  ${chunk.file}`);
  }
  console.error(
    '\nHeaviest packages and source files in them (each module gzipped alone, before minification):',
  );
  for (const [source, bytes] of heaviestSources(chunks, sizes).slice(0, TOP_SOURCES)) {
    console.error(`  ${kb(bytes).padStart(9)}  ${source}`);
  }
  console.error(
    '\nKeep it off the sign-in path: import it from a lazy route or component (docs/conventions.md §7).',
  );
}

const manifest = JSON.parse(readFileSync(path.join(distDir, '.vite/manifest.json'), 'utf8')) as Manifest;
const chunks = signInChunks(manifest);
const total = chunks.reduce((sum, chunk) => sum + chunk.gzipBytes, 0);
const summary = `/login JavaScript: ${kb(total)} gzipped in ${chunks.length} files (budget ${BUDGET_KB} kB)`;
if (total > BUDGET_KB * 1000) {
  console.error(`✗ ${summary}`);
  printWhatWeighs(chunks);
  process.exit(1);
}
console.log(`✓ ${summary}`);
