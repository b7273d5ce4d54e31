import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { advanceClock, newMerchant, type OwnStack, startOwnStack } from '../helpers/stack.ts';

// Moves the clock, so it runs on a stack of its own (where a kept stack puts the bytes:
// local-kept-data.test.ts).
let stack: OwnStack;
const dataDir = mkdtempSync(join(tmpdir(), 'wattle-files-'));

beforeAll(async () => {
  stack = await startOwnStack({ dataDir });
});

afterAll(async () => {
  await stack?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

const jpeg = Buffer.concat([
  Buffer.from([0xff, 0xd8, 0xff, 0xe0]),
  Buffer.from('JFIF test bytes'),
  Buffer.from([0xff, 0xd9]),
]);

describe('file downloads over time', () => {
  it('expire with the clock; a GET gives a new URL that works; the bytes are the upload’s', async () => {
    const merchant = await newMerchant(stack);
    const auth = { authorization: `Basic ${Buffer.from(`${merchant.test.secretKey}:`).toString('base64')}` };
    const form = new FormData();
    form.set('purpose', 'dispute_evidence');
    form.set('file', new Blob([jpeg], { type: 'image/jpeg' }), 'photo.jpg');
    const made = await fetch(`${merchant.test.baseUrl}/1/files`, {
      method: 'POST',
      headers: auth,
      body: form,
    });
    expect(made.status).toBe(200);
    const file = ((await made.json()) as { response: Record<string, string> }).response;
    expect((await fetch(file.presigned_url!)).status).toBe(200);

    await advanceClock(stack, 15 * 60 + 1);
    const expired = await fetch(file.presigned_url!);
    expect(expired.status).toBe(403);
    expect(((await expired.json()) as { error_description: string }).error_description).toMatch(/expired/);

    const read = await fetch(`${merchant.test.baseUrl}/1/files/${file.token}`, { headers: auth });
    const again = ((await read.json()) as { response: Record<string, string> }).response;
    expect(Date.parse(again.presigned_url_expires_at!)).toBeGreaterThan(
      Date.parse(file.presigned_url_expires_at!),
    );
    const download = await fetch(again.presigned_url!);
    expect(download.status).toBe(200);
    expect(Buffer.from(await download.arrayBuffer()).equals(jpeg)).toBe(true);
  });
});
