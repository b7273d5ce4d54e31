import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type BrowserContext, chromium } from 'playwright-core';
import { chromiumPath } from '../../scripts/ensure-browser.mjs';

export interface Browser {
  context: BrowserContext;
  close(): Promise<void>;
}

/**
 * Debian's Chromium (scripts/ensure-browser.mjs installs it), headless, in a fresh profile. The
 * flags keep it from calling out (updates, sync, QUIC probes): the closed network here refuses
 * those, and a test must not depend on them anywhere.
 */
export const launchBrowser = async (): Promise<Browser> => {
  const profile = mkdtempSync(join(tmpdir(), 'wattle-chromium-'));
  // launchPersistentContext passes the fresh profile as --user-data-dir (launch() refuses that flag).
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: chromiumPath,
    headless: true,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
    viewport: { width: 1280, height: 900 },
  });
  return {
    context,
    close: async () => {
      await context.close();
      rmSync(profile, { recursive: true, force: true });
    },
  };
};
