import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Browser, launchBrowser } from '../helpers/browser.ts';
import { useClockStack } from '../helpers/stack.ts';

// The API reference the stack serves at /docs, as a person's browser renders it. How long it takes
// is measured by `npm run bench:docs`, not here.
const stack = useClockStack();
let browser: Browser;
let page: Page;

beforeAll(async () => {
  browser = await launchBrowser();
  page = await browser.context.newPage();
});

afterAll(async () => {
  await browser?.close();
});

describe('the API reference in a browser', () => {
  it('opens on the introduction and its list of sections, each its own page', async () => {
    await page.goto(`http://localhost:${stack.port}/docs`);
    const heading = page.getByRole('heading', { level: 1 }).first();
    await heading.waitFor({ timeout: 60_000 });
    expect(await page.title()).toBe('Wattle API');
    expect(await heading.textContent()).toMatch(/^Wattle API \(\d+\.\d+\.\d+\)$/);
    await page.getByRole('link', { name: 'Charges', exact: true }).first().click();
    await page.waitForURL(/\/docs\/charges$/);
    expect(await page.title()).toBe('Charges · Wattle API');
  });

  it("shows an operation's curl samples and the presenters' realistic samples", async () => {
    await page.goto(`http://localhost:${stack.port}/docs/charges#operation/postCharges`);
    const charge = page.locator('[data-section-id="operation/postCharges"]');
    await charge.waitFor({ timeout: 60_000 });
    const text = (await charge.textContent()) ?? '';
    // The curl sample, with the key from the README's shell variables.
    expect(text).toContain('curl http://localhost:4010/test/1/charges');
    expect(text).toContain('-u "$KEY:"');
    // A request sample for the form body, and the response sample from the presenters.
    expect(text).not.toContain('No sample');
    expect(text).toContain('ch_lfUYEBK14zotCTykezJkfg');
    expect(text).toContain('Birthday present');
    expect(text).not.toMatch(/"token":\s*"string"/);
    expect(await page.getByText('No sample').count()).toBe(0);
  });
});
