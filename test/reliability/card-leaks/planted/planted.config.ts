import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import { hangNet } from '../../../helpers/hang-net.ts';

/**
 * The e2e project's global setups around one file that leaves card data in the shared stack:
 * run by card-data-check.test.ts, which expects this run to fail.
 */
export default defineConfig({
  test: {
    root: fileURLToPath(new URL('../../../../', import.meta.url)),
    include: ['test/reliability/card-leaks/planted/*.plant.ts'],
    globalSetup: ['test/reliability/card-leaks/e2e-leak-check-setup.ts'],
    env: { WATTLE_LOG_LEVEL: 'SILENT' },
    // The suite's own nets (vitest.config.ts), not vitest's 5 s default: the planted file's request
    // runs beside the rest of CI's reliability run, on a loaded machine.
    testTimeout: hangNet(60_000),
    hookTimeout: hangNet(60_000),
    teardownTimeout: 30_000,
  },
});
