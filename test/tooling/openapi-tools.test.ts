import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildOpenApiDocument } from '@wattle/openapi';
import { describe, expect, it } from 'vitest';
import { hangNet } from '../helpers/hang-net.ts';

/**
 * The OpenAPI document through the tools around it, each in a process of its own (Redocly's lint,
 * `npm run openapi`): the document itself is checked in test/unit/openapi-document.test.ts.
 */
const root = join(import.meta.dirname, '../..');
const document = buildOpenApiDocument();

describe('the OpenAPI document, through its tools', () => {
  it(
    'lints with zero errors and warnings (Redocly, offline)',
    () => {
      const dir = mkdtempSync(join(tmpdir(), 'wattle-openapi-'));
      try {
        const file = join(dir, 'openapi.json');
        writeFileSync(file, JSON.stringify(document));
        const lint = spawnSync(
          process.execPath,
          [
            join(root, 'node_modules/@redocly/cli/bin/cli.js'),
            'lint',
            file,
            '--format=json',
            '--config',
            join(root, 'redocly.yaml'),
          ],
          {
            encoding: 'utf8',
            // No telemetry and no update check: the lint never goes on the network.
            env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' },
            timeout: hangNet(60_000),
          },
        );
        const report = JSON.parse(lint.stdout) as { totals: { errors: number; warnings: number } };
        expect(report.totals, lint.stdout).toEqual({ errors: 0, warnings: 0, ignored: 0 });
        expect(lint.status).toBe(0);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
    hangNet(60_000),
  );

  it(
    'is written to a file by npm run openapi, its server the local stack',
    () => {
      const dir = mkdtempSync(join(tmpdir(), 'wattle-openapi-'));
      try {
        const file = join(dir, 'openapi.json');
        const run = spawnSync(
          process.execPath,
          ['--import', 'tsx', join(root, 'packages/openapi/src/write-document.ts'), file],
          { cwd: root, encoding: 'utf8', timeout: hangNet(60_000) },
        );
        expect(run.status, run.stderr).toBe(0);
        expect(JSON.parse(readFileSync(file, 'utf8'))).toEqual(document);
        expect(document.servers).toEqual([
          expect.objectContaining({ url: 'http://localhost:4010/{environment}' }),
        ]);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
    hangNet(60_000),
  );
});
