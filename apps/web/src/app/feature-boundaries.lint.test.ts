// @vitest-environment node
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

// The web feature boundaries of ARCHITECTURE.md are a lint rule; this shows the rule refuses what it should
// and lets through what it should, so a config change that silently disables it fails here. It lints one
// planted text, not the app.
const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
const eslint = new ESLint({ cwd: repoRoot });
const plantedPath = 'apps/web/src/features/chat/api/planted.ts';

async function boundaryErrorsOf(lines: string[]): Promise<string[]> {
  const [result] = await eslint.lintText([...lines, ''].join('\n'), {
    filePath: path.join(repoRoot, plantedPath),
  });
  return (result?.messages ?? [])
    .filter((message) => message.ruleId === 'boundaries/dependencies')
    .map((message) => message.message);
}

describe('web feature boundaries', { timeout: 60_000 }, () => {
  it("refuses a feature importing another feature's component or private helper", async () => {
    const errors = await boundaryErrorsOf([
      "import { CustomerFields } from '../../customers/components/customer-fields';",
      "import { mergeFieldLabels } from '../../message-templates/merge-field-labels';",
      'export const planted = [CustomerFields, mergeFieldLabels];',
    ]);
    expect(errors).toEqual([
      expect.stringContaining('only through its api/ and hooks/ files'),
      expect.stringContaining('only through its api/ and hooks/ files'),
    ]);
  });

  it("lets a feature use another feature's api/ and hooks/, its own private files, and shared code", async () => {
    const errors = await boundaryErrorsOf([
      "import { customersKey } from '../../customers/api/get-customer';",
      "import { useCurrentMerchantId } from '../../merchants/hooks/use-current-merchant';",
      "import { mergeChatMessage } from './chat-cache';",
      "import { BodyCounter } from '../../../components/body-counter';",
      "import { apiRequest } from '../../../lib/api-client';",
      'export const planted = [customersKey, useCurrentMerchantId, mergeChatMessage, BodyCounter, apiRequest];',
    ]);
    expect(errors).toEqual([]);
  });
});
