import { defineConfig } from 'vitest/config';

// The bench's own unit tests (the budget judgement), run with `npm test --workspace @paylane/bench`. They
// start no server: the benches themselves are run by hand (README.md).
export default defineConfig({
  test: { include: ['src/**/*.test.ts'], environment: 'node' },
});
