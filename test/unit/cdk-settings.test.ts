import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

describe('cdk.json', () => {
  it('keeps `npx cdk synth` quiet: no template on the screen, no notices', () => {
    const settings = JSON.parse(readFileSync(new URL('../../cdk.json', import.meta.url), 'utf8'));
    expect(settings).toMatchObject({ quiet: true, notices: false });
  });
});
