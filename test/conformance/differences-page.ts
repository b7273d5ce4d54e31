import { type Reason, type ReasonName, reasons } from './reasons.ts';

/**
 * The section of docs/api/strictness.md ("Differences from Pin") that lists every difference of
 * known-differences.ts with its reason, made from that list alone: `npm run conformance:list`
 * writes it beside the list, and test/unit/differences-page.test.ts fails when the page's section
 * is not what the list makes, so the page cannot drift from what the suite finds.
 */

export const differencesPage = new URL('../../docs/api/strictness.md', import.meta.url);

const begin =
  '<!-- Written by `npm run conformance:list` from test/conformance/known-differences.ts and reasons.ts: do not edit by hand. -->';
const end = '<!-- End of the written section. -->';

const headings: Record<Reason['kind'], string> = {
  seed: 'SPEC.md says otherwise (`seed`): SPEC.md wins',
  open: 'To be fixed (`open`): an item of issue 41',
  later: 'Pin answered otherwise then (`later`)',
  replay: 'What the replay cannot make (`replay`)',
};

const whyOf = (reason: Reason): string => {
  switch (reason.kind) {
    case 'seed':
      return reason.spec;
    case 'open':
      return `issue ${reason.item}`;
    case 'later':
    case 'replay':
      return reason.why;
  }
};

/** Text as Markdown shows it: a `|` does not end a table's cell, a `<` starts no tag. */
const cell = (text: string): string => text.replaceAll('|', '\\|').replaceAll('<', '&lt;');
const code = (text: string): string => `\`${text.replaceAll('|', '\\|')}\``;

/** The section: each reason under its kind, then each of its differences with the exchanges it is found in. */
export const differencesSection = (known: Record<string, Record<string, Reason>>): string => {
  const byReason = new Map<ReasonName, Map<string, string[]>>();
  const names = Object.keys(reasons) as ReasonName[];
  for (const [exchange, differences] of Object.entries(known)) {
    for (const [difference, reason] of Object.entries(differences)) {
      const name = names.find((one) => reasons[one] === reason);
      if (!name) throw new Error(`${exchange}: ${difference} has a reason reasons.ts does not name`);
      const found = byReason.get(name) ?? new Map<string, string[]>();
      found.set(difference, [...(found.get(difference) ?? []), exchange]);
      byReason.set(name, found);
    }
  }
  const total = Object.values(known).reduce((sum, differences) => sum + Object.keys(differences).length, 0);
  const lines = [
    begin,
    '',
    `${total} differences in ${Object.keys(known).length} of the replayed exchanges, each written \`path: what Pin answered vs what Wattle answers\`.`,
  ];
  for (const kind of Object.keys(headings) as Reason['kind'][]) {
    const ofKind = names.filter((name) => reasons[name].kind === kind && byReason.has(name));
    if (ofKind.length === 0) continue;
    lines.push('', `### ${headings[kind]}`);
    for (const name of ofKind) {
      lines.push(
        '',
        `**${name}**: ${cell(whyOf(reasons[name]))}`,
        '',
        '| difference | exchanges |',
        '|---|---|',
      );
      const found = byReason.get(name) ?? new Map<string, string[]>();
      for (const difference of [...found.keys()].sort()) {
        lines.push(`| ${code(difference)} | ${cell((found.get(difference) ?? []).join(', '))} |`);
      }
    }
  }
  lines.push('', end);
  return lines.join('\n');
};

/** Where the page's written section begins and ends. */
const boundsOf = (page: string): [number, number] => {
  const from = page.indexOf(begin);
  const to = page.indexOf(end);
  if (from < 0 || to < from)
    throw new Error(`${differencesPage.pathname} lacks its written section's markers`);
  return [from, to + end.length];
};

/** The page's written section as it is. */
export const sectionOf = (page: string): string => page.slice(...boundsOf(page));

/** The page with its written section replaced by `section`. */
export const withSection = (page: string, section: string): string => {
  const [from, to] = boundsOf(page);
  return `${page.slice(0, from)}${section}${page.slice(to)}`;
};
