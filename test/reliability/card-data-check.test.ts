import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, inject, it } from 'vitest';

const repoRoot = fileURLToPath(new URL('../../', import.meta.url));

/** Runs the planted e2e run (card-leaks/planted) with `plant` stored; its exit code and output. */
const plantedRun = (plant: string): Promise<{ code: number | null; output: string }> =>
  new Promise((resolve) => {
    const env = Object.fromEntries(
      Object.entries(process.env).filter(([name]) => !name.startsWith('VITEST')),
    );
    const child = spawn(
      process.execPath,
      [
        'node_modules/vitest/vitest.mjs',
        'run',
        '--config',
        'test/reliability/card-leaks/planted/planted.config.ts',
      ],
      {
        cwd: repoRoot,
        // On this run's stacks' DynamoDB Local, rather than a JVM of its own each time.
        env: { ...env, WATTLE_PLANT: plant, WATTLE_DYNAMODB_ENDPOINT: inject('stacksDdbEndpoint') },
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString('utf8');
    });
    child.stderr.on('data', (chunk: Buffer) => {
      output += chunk.toString('utf8');
    });
    child.once('exit', (code) => resolve({ code, output }));
  });

/** What is planted, and how the check names what it finds of it. */
const plants = [
  ['a test card number', '4200000000000000', 'test card number 4200…00'],
  ['any other Luhn-valid number', '6011000990139424', 'card number 6011…24'],
  ['a CVC in clear', 'cvc', 'cvc •••'],
  ['a sealed CVC on a settled charge', 'sealed-cvc', 'cvc a sealed cvc kept after its authorisation'],
] as const;

describe('the card-data check after the e2e suite', () => {
  // One planted run leaves every kind (a run of its own each was four vitest starts and stacks):
  // it fails though every test passed, and the check names each kind it found.
  let run: { code: number | null; output: string };
  beforeAll(async () => {
    run = await plantedRun(plants.map(([, plant]) => plant).join(','));
  });

  it('fails the run though every test passed', () => {
    expect(run.output).toMatch(new RegExp(`${plants.length} passed`));
    expect(run.output).toContain('Card data in clear');
    expect(run.code).not.toBe(0);
  });

  it.each(plants)('finds %s left in the table', (_, _plant, shown) => {
    expect(run.output).toContain(shown);
  });
});
