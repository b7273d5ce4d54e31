import { ensureBrowser } from '../../scripts/ensure-browser.mjs';

/** The browser project's global setup: Chromium installed before any browser test runs. */
export default function setup() {
  ensureBrowser();
}
