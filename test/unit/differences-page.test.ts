import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  differencesPage,
  differencesSection,
  sectionOf,
  withSection,
} from '../conformance/differences-page.ts';
import { knownDifferences } from '../conformance/known-differences.ts';
import { reasons } from '../conformance/reasons.ts';

/** docs/api/strictness.md's list of the differences from Pin (test/conformance/differences-page.ts). */
describe('the differences page', () => {
  it('lists every difference of known-differences.ts with its reason, as conformance:list writes it', () => {
    const page = readFileSync(differencesPage, 'utf8');
    expect(sectionOf(page), 'run `npm run conformance:list` to write the page again').toBe(
      differencesSection(knownDifferences),
    );
  });

  it('names each difference once under its reason, with every exchange it is found in', () => {
    const section = differencesSection({
      'a 2024-11-11 #1': { 'response.x: null vs missing': reasons.seedChargeCard },
      'b 2024-11-11 #2': {
        'response.x: null vs missing': reasons.seedChargeCard,
        'status: 404 vs 422 | piped': reasons.madeBeforeRecording,
      },
    });
    expect(section).toContain('3 differences in 2 of the replayed exchanges');
    expect(section).toContain('| `response.x: null vs missing` | a 2024-11-11 #1, b 2024-11-11 #2 |');
    expect(section).toContain('**seedChargeCard**: SPEC.md:63-64');
    expect(section).toContain('| `status: 404 vs 422 \\| piped` | b 2024-11-11 #2 |');
    expect(section.indexOf('### SPEC.md says otherwise')).toBeLessThan(
      section.indexOf('### What the replay cannot make'),
    );
    expect(() => differencesSection({ c: { d: { kind: 'open', item: 'none' } } })).toThrow(/reasons.ts/);
  });

  it('replaces only the written section of the page', () => {
    const page = readFileSync(differencesPage, 'utf8');
    const section = sectionOf(page);
    const other = withSection(
      `before\n${section}\nafter`,
      section.replace('differences in', 'differences (new) in'),
    );
    expect(other.startsWith('before\n')).toBe(true);
    expect(other.endsWith('\nafter')).toBe(true);
    expect(other).toContain('differences (new) in');
  });
});
