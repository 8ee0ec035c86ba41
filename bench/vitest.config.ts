import { defineConfig } from 'vitest/config';

// The bench's own unit tests (the budget judgement): a project of the root vitest config, so `npm test` runs
// them; alone with `npm test --workspace @paylane/bench`. They start no server: benches are run by hand.
export default defineConfig({
  test: { name: 'bench', include: ['src/**/*.test.ts'], environment: 'node' },
});
