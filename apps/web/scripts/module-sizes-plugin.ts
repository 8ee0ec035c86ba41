import { gzipSync } from 'node:zlib';
import type { Plugin } from 'vite';

/** Where the build writes each chunk's modules and their rendered sizes, beside vite's own manifest. */
export const MODULE_SIZES_FILE = '.vite/module-sizes.json';

/** `{ [chunk file]: { [module id]: gzipped bytes of its code } }`, as written to MODULE_SIZES_FILE. */
export type ModuleSizes = Record<string, Record<string, number>>;

/**
 * Records how much code each module contributes to each chunk, so the sign-in size check
 * (scripts/check-sign-in-size.ts) can say which modules made a chunk heavy. Each module's code is gzipped on
 * its own and before minification (some packages ship minified, some not; gzip evens that out): good for
 * ranking modules, not for adding up to the chunk's gzipped size.
 */
export function moduleSizesPlugin(): Plugin {
  return {
    name: 'paylane:module-sizes',
    apply: 'build',
    generateBundle(_options, bundle) {
      const sizes: ModuleSizes = {};
      for (const output of Object.values(bundle)) {
        if (output.type !== 'chunk') continue;
        sizes[output.fileName] = Object.fromEntries(
          Object.entries(output.modules).map(([id, module]) => [id, gzipSync(module.code ?? '').length]),
        );
      }
      this.emitFile({ type: 'asset', fileName: MODULE_SIZES_FILE, source: JSON.stringify(sizes) });
    },
  };
}
