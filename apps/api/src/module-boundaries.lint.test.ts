import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

// The module boundaries of ARCHITECTURE.md are a lint rule; this shows the rule refuses what it should and
// lets through what it should, so a config change that silently disables it fails here.
const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const eslint = new ESLint({ cwd: repoRoot });

async function boundaryErrorsOf(code: string, filePath: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(repoRoot, filePath) });
  return (result?.messages ?? [])
    .filter((message) => message.ruleId === 'boundaries/dependencies')
    .map((message) => message.message);
}

describe('module boundaries', () => {
  it("refuses a module importing another module's repository", async () => {
    const errors = await boundaryErrorsOf(
      "import { insertNote } from '../customer-notes/customer-notes.repository';\nexport const planted = insertNote;\n",
      'apps/api/src/modules/chat/planted.ts',
    );
    expect(errors).toEqual([expect.stringContaining('only through its *.service.ts files')]);
  });

  it("lets a module use another module's service, and its own repository", async () => {
    const errors = await boundaryErrorsOf(
      [
        "import { createCustomerNote } from '../customer-notes/customer-notes.service';",
        "import { listChatMessageRows } from './chat-messages.repository';",
        'export const planted = [createCustomerNote, listChatMessageRows];',
        '',
      ].join('\n'),
      'apps/api/src/modules/chat/planted.ts',
    );
    expect(errors).toEqual([]);
  });

  it("refuses a plugin reaching into a module's repository, and allows its routes and services", async () => {
    expect(
      await boundaryErrorsOf(
        "import { findActiveApiKeyByHash } from '../modules/api-keys/api-keys.repository';\nexport const planted = findActiveApiKeyByHash;\n",
        'apps/api/src/plugins/planted.ts',
      ),
    ).toEqual([expect.stringContaining('Outside the modules')]);
    expect(
      await boundaryErrorsOf(
        "import { findActiveApiKeyByHash } from '../modules/api-keys/api-keys.service';\nexport const planted = findActiveApiKeyByHash;\n",
        'apps/api/src/plugins/planted.ts',
      ),
    ).toEqual([]);
  });
});
