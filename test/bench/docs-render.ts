/**
 * `npm run bench:docs`: how long the API reference takes to render in headless Chromium (Debian's,
 * as the browser tests use), from navigation until what a reader came for is on screen: /docs (the
 * introduction and its list of sections), and a section's page, /docs/charges (one of the larger),
 * at POST /1/charges with its curl sample and its response sample. Each the median of `--runs`
 * page loads after one that is not counted, each in a fresh page, against issue 40's target (2 s).
 * Beside the wall time, the page's main-thread busy time (Chromium's TaskDuration), which a busy
 * machine inflates less: the load average is printed with them. The pages are served by the
 * stack's own handler (packages/local/src/api-docs.ts) from a plain HTTP server here.
 *
 *   npm run bench:docs
 *   npm run bench:docs -- --runs 9
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import type { Page } from 'playwright-core';
import { apiDocsReply } from '../../packages/local/src/api-docs.ts';
import { launchBrowser } from '../helpers/browser.ts';
import { median } from './load.ts';

const { values } = parseArgs({ options: { runs: { type: 'string', default: '5' } } });
const runs = Number(values.runs);
const target = 2;

const server = createServer((req, res) => {
  const reply = apiDocsReply(req.method ?? 'GET', new URL(req.url ?? '/', 'http://x').pathname);
  if (!reply) {
    res.writeHead(404).end();
    return;
  }
  res.writeHead(reply.status, reply.headers).end(reply.body);
});
await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

/** The pages measured, each until what a reader came for is on screen. */
const cases: { what: string; path: string; ready: (page: Page) => Promise<unknown> }[] = [
  {
    what: '/docs (the introduction and its sections)',
    path: '/docs',
    ready: (page) =>
      page.getByRole('link', { name: 'Charges', exact: true }).first().waitFor({ timeout: 120_000 }),
  },
  {
    what: '/docs/charges at POST /1/charges',
    path: '/docs/charges#operation/postCharges',
    ready: async (page) => {
      const charge = page.locator('[data-section-id="operation/postCharges"]');
      await charge
        .getByText('curl http://localhost:4010/test/1/charges')
        .first()
        .waitFor({ timeout: 120_000 });
      await charge.getByText('"ch_lfUYEBK14zotCTykezJkfg"').first().waitFor({ timeout: 120_000 });
    },
  },
];

const load = () =>
  loadavg()
    .map((x) => x.toFixed(1))
    .join(', ');
console.log(`Load average at start: ${load()}`);
const browser = await launchBrowser();
try {
  for (const { what, path, ready } of cases) {
    console.log(what);
    const walls: number[] = [];
    const busy: number[] = [];
    for (let run = -1; run < runs; run++) {
      const page = await browser.context.newPage();
      const cdp = await browser.context.newCDPSession(page);
      await cdp.send('Performance.enable');
      const started = performance.now();
      await page.goto(`${origin}${path}`);
      await ready(page);
      const seconds = (performance.now() - started) / 1000;
      const { metrics } = await cdp.send('Performance.getMetrics');
      const task = metrics.find((metric) => metric.name === 'TaskDuration')?.value ?? Number.NaN;
      await page.close();
      console.log(
        `  ${run < 0 ? 'warm-up' : `run ${run + 1}`}: ${seconds.toFixed(2)} s, main thread busy ${task.toFixed(2)} s`,
      );
      if (run >= 0) {
        walls.push(seconds);
        busy.push(task);
      }
    }
    console.log(
      `  rendered in ${median(walls).toFixed(2)} s (main thread ${median(busy).toFixed(2)} s), median of ${runs}; target ${target} s`,
    );
  }
  console.log(`Load average at end: ${load()}`);
} finally {
  await browser.close();
  server.close();
}
