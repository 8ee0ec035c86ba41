import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// Comments cite the rule behind a line. The rules live in docs/ (docs/README.md), so a reader with only the
// repository finds them: a citation of a document outside the repository, or of a section a doc does not
// have, fails here.
const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const trackedFiles = execFileSync('git', ['ls-files', 'apps', 'packages', 'e2e', 'bench', '*.md', '*.js'], {
  cwd: repoRoot,
  encoding: 'utf8',
})
  .split('\n')
  .filter((file) => /\.(ts|tsx|js|mjs|md)$/.test(file) && !file.startsWith('docs/'))
  // This file spells out the forms it refuses.
  .filter((file) => file !== 'apps/api/src/docs-citations.test.ts');

const outsideForms = [/\b[Ss]pec §\d/, /\bdesign\.md\b/, /-facts\b/, /\bstack-notes\b/, /\.\.\/shared\//];

function citationsIn(file: string) {
  const text = readFileSync(path.join(repoRoot, file), 'utf8');
  return [...text.matchAll(/docs\/([a-z/-]+\.md)(?: §(\d+))?/g)].map(([, doc, section]) => ({
    doc,
    section,
  }));
}

const sectionsOf = new Map<string, Set<string>>();
function hasSection(doc: string, section: string): boolean {
  if (!sectionsOf.has(doc)) {
    const headings = readFileSync(path.join(repoRoot, 'docs', doc), 'utf8').matchAll(/^#+ §(\d+)/gm);
    sectionsOf.set(doc, new Set([...headings].map(([, number]) => number ?? '')));
  }
  return sectionsOf.get(doc)?.has(section) ?? false;
}

describe('citations', () => {
  it('name no document outside the repository', () => {
    const outside = trackedFiles.filter((file) => {
      const text = readFileSync(path.join(repoRoot, file), 'utf8');
      return outsideForms.some((form) => form.test(text));
    });
    expect(outside).toEqual([]);
  });

  it('name docs and sections that exist', () => {
    const broken = trackedFiles.flatMap((file) =>
      citationsIn(file)
        .filter(({ doc, section }) => {
          if (!doc) return true;
          try {
            return section !== undefined && !hasSection(doc, section);
          } catch {
            return true;
          }
        })
        .map(({ doc, section }) => `${file}: docs/${doc} §${section}`),
    );
    expect(broken).toEqual([]);
    expect(trackedFiles.reduce((total, file) => total + citationsIn(file).length, 0)).toBeGreaterThan(400);
  });
});
