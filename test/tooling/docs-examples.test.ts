import { spawn } from 'node:child_process';
import { globSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { RequestLogEntry } from '@wattle/local';
import { requestLogName } from '@wattle/local';
import { describe, expect, it } from 'vitest';
import { hangNet } from '../helpers/hang-net.ts';
import { useClockStack } from '../helpers/stack.ts';

// The README's first charge (and the refunds, disputes, deposits… pages) move the clock, and the
// CLI page resets the stack: the pages run on a clock stack leased by this file (useClockStack).
const stack = useClockStack();
const repoRoot = fileURLToPath(new URL('../../', import.meta.url));

/**
 * The pages whose `sh` blocks run as written, in order, against a running local stack (the
 * convention of docs/README.md): the README's quick start, the guide and the API cookbook. Blocks
 * fenced `shell` (the stack itself, commands that follow until Ctrl-C, AWS) are not run.
 */
const pages = [
  'README.md',
  ...globSync('docs/guide/*.md', { cwd: repoRoot }).sort(),
  ...globSync('docs/api/cookbook/*.md', { cwd: repoRoot }).sort(),
];

interface Block {
  /** The fence's info string: `sh`, `shell`, `json`… */
  info: string;
  /** The line of the page (1-based) of the block's first line. */
  line: number;
  lines: string[];
}

/** The page's fenced code blocks, in order. */
const codeBlocks = (markdown: string): Block[] => {
  const blocks: Block[] = [];
  let open: Block | null = null;
  markdown.split('\n').forEach((text, index) => {
    if (open) {
      if (/^```\s*$/.test(text)) {
        blocks.push(open);
        open = null;
      } else open.lines.push(text);
    } else {
      const fence = /^```(\S*)\s*$/.exec(text);
      if (fence) open = { info: fence[1] ?? '', line: index + 2, lines: [] };
    }
  });
  if (open) throw new Error(`A block opened at line ${(open as Block).line - 1} is never closed`);
  return blocks;
};

/** Fences a reader would take for commands, which the convention leaves no room for: sh or shell. */
const ambiguousFence = /^(bash|zsh|console|shell-session|)$/;

/** A marker line the script prints between blocks, and on failure; never shown as output. */
const marker = '### docs-example';

const packageJson = JSON.parse(readFileSync(join(repoRoot, 'package.json'), 'utf8')) as {
  name: string;
  version: string;
  scripts: Record<string, string>;
};
/** What `npm run wattle` runs (package.json), which npmRunWattle runs without npm. */
const wattleScript = 'node scripts/wattle.mjs';

/**
 * `npm run [-s] wattle -- ARGS`, the pages' way to the CLI, as a shell function that runs the
 * script's program itself (`node scripts/wattle.mjs ARGS` at the repository root, with the Node
 * that runs the tests): the same program and arguments, without starting npm first (some 0.3 s a
 * command, some 20 commands). Without `-s` it prints npm's
 * banner on stdout as npm does, so a capture `$(npm run wattle -- …)` that forgot `-s` still breaks;
 * the exit status is the CLI's, as npm's is. Any other npm command is npm's.
 */
const npmRunWattle = [
  'npm() {',
  '  local silent=',
  '  if [[ $# -gt 0 && $1 == run ]]; then',
  '    shift',
  '    if [[ $# -gt 0 && ( $1 == -s || $1 == --silent ) ]]; then silent=1; shift; fi',
  '    if [[ $# -gt 0 && $1 == wattle && ( $# -eq 1 || $2 == -- ) ]]; then',
  '      shift; if [[ $# -gt 0 ]]; then shift; fi',
  `      if [[ -z $silent ]]; then printf '\\n> %s wattle\\n> %s%s\\n\\n' ${JSON.stringify(`${packageJson.name}@${packageJson.version}`)} ${JSON.stringify(wattleScript)} "$(printf ' %s' "$@")"; fi`,
  `      (cd ${JSON.stringify(repoRoot)} && exec ${JSON.stringify(process.execPath)} scripts/wattle.mjs "$@")`,
  '      return',
  '    fi',
  '    if [[ -n $silent ]]; then set -- run -s "$@"; else set -- run "$@"; fi',
  '  fi',
  '  command npm "$@"',
  '}',
];

/**
 * One bash script of the page's blocks in order (`set -euo pipefail`), stderr into stdout, with a
 * marker before each block (its number and start time, in ms) and, when a command fails, its exit
 * status and script line. `origin` maps a script line back to its page line.
 */
const scriptOf = (blocks: Block[]): { script: string; origin: Map<number, number> } => {
  const lines = [
    'exec 2>&1',
    'set -euo pipefail',
    `trap 'printf "\\n${marker} failed status=%s line=%s\\n" "$?" "$LINENO"' ERR`,
    ...npmRunWattle,
  ];
  const origin = new Map<number, number>();
  blocks.forEach((block, index) => {
    lines.push(`printf '\\n${marker} block=%s at=%s\\n' ${index + 1} "\${EPOCHREALTIME/[.,]/}"`);
    block.lines.forEach((text, offset) => {
      lines.push(text);
      origin.set(lines.length, block.line + offset);
    });
  });
  return { script: `${lines.join('\n')}\n`, origin };
};

interface Section {
  /** 1-based, as the message names it. */
  block: number;
  /** When it started, in ms since the epoch (the request log's time). */
  startedAt: number;
  output: string;
}

/** The output of a run, split by block, and the failed command's status and script line if any. */
const readOutput = (
  output: string,
): { sections: Section[]; failed: { status: string; line: number } | null } => {
  const sections: Section[] = [];
  let failed: { status: string; line: number } | null = null;
  for (const line of output.split('\n')) {
    const start = new RegExp(`^${marker} block=(\\d+) at=(\\d+)`).exec(line);
    const failure = new RegExp(`^${marker} failed status=(\\d+) line=(\\d+)`).exec(line);
    if (start)
      sections.push({ block: Number(start[1]), startedAt: Math.floor(Number(start[2]) / 1000), output: '' });
    else if (failure) failed = { status: failure[1]!, line: Number(failure[2]) };
    else if (sections.length > 0) sections[sections.length - 1]!.output += `${line}\n`;
  }
  return { sections, failed };
};

/** Runs `script` in one bash process, as a reader's shell at the repository root would. */
const runBash = (script: string, timeoutMs: number): Promise<{ code: number | null; output: string }> =>
  new Promise((resolve, reject) => {
    // The reader's environment: none of the test run's WATTLE_* settings, the stack's data directory.
    const env = Object.fromEntries(
      Object.entries(process.env).filter(([name]) => !name.startsWith('WATTLE_')),
    );
    const child = spawn('bash', ['-c', script], {
      cwd: repoRoot,
      env: { ...env, WATTLE_DATA_DIR: stack.dataDir },
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: true,
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString('utf8');
    });
    child.stderr.on('data', (chunk: Buffer) => {
      output += chunk.toString('utf8');
    });
    const timer = setTimeout(() => {
      output += `\n${marker} timed out after ${timeoutMs} ms\n`;
      if (child.pid) process.kill(-child.pid, 'SIGKILL');
    }, timeoutMs);
    child.once('error', reject);
    child.once('close', (code) => {
      clearTimeout(timer);
      resolve({ code, output });
    });
  });

const requestLog = join(stack.dataDir, requestLogName);
const logSize = (): number => statSync(requestLog, { throwIfNoEntry: false })?.size ?? 0;

/**
 * The requests the stack answered since `from` (a byte offset of its request log), also when the
 * log moved to requests.log.1 (past 5 MB) in between.
 */
const requestsSince = (from: number): RequestLogEntry[] => {
  const now = readFileSync(requestLog);
  const text =
    now.length >= from
      ? now.subarray(from).toString('utf8')
      : `${readFileSync(`${requestLog}.1`).subarray(from).toString('utf8')}${now.toString('utf8')}`;
  return text
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as RequestLogEntry);
};

const checkWebhookPath = '/1/wattle-check-webhook';

/**
 * A request that shows a step of the page went wrong though no command failed (curl -s exits 0 on
 * any answer): a 5xx, a path no route serves, or a path with a `null` or empty segment, where a
 * token a step should have captured (`jq -r .response.token` of an error) was used.
 */
const wrong = (entry: RequestLogEntry): string | null => {
  // `npm run wattle -- check` sends its webhook to a path of the stack that no route serves, on purpose.
  if (entry.path.endsWith(checkWebhookPath)) return null;
  if (entry.status >= 500) return `answered ${entry.status}`;
  if (entry.routeKey === '$default') return `matches no route (${entry.status})`;
  const segments = entry.path.split('/').slice(1);
  if (segments.some((segment) => segment === '' || segment === 'null')) return 'has a null or empty segment';
  return null;
};

describe('the docs’ sh examples, run as written against a local stack', () => {
  const all = pages.map((page) => ({ page, blocks: codeBlocks(readFileSync(join(repoRoot, page), 'utf8')) }));
  const runnable = all.map(({ page, blocks }) => ({
    page,
    blocks: blocks.filter(({ info }) => info === 'sh'),
  }));

  it('runs `npm run wattle` as package.json says', () => {
    expect(packageJson.scripts.wattle).toBe(wattleScript);
  });

  it('finds the pages and their blocks, every command block fenced sh (run) or shell (not run)', () => {
    expect(runnable.find(({ page }) => page === 'README.md')?.blocks.length).toBeGreaterThan(0);
    expect(runnable.filter(({ blocks }) => blocks.length > 0).length).toBeGreaterThan(15);
    const unclear = all.flatMap(({ page, blocks }) =>
      blocks
        .filter(({ info }) => ambiguousFence.test(info))
        .map(({ info, line }) => `${page}:${line - 1} \`\`\`${info}`),
    );
    expect(unclear, 'blocks fenced neither sh nor shell nor another language').toEqual([]);
  });

  for (const { page, blocks } of runnable.filter(({ blocks }) => blocks.length > 0)) {
    it(
      `${page}: its ${blocks.length} sh blocks`,
      async () => {
        const { script, origin } = scriptOf(blocks);
        const from = logSize();
        const { code, output } = await runBash(script, hangNet(80_000));
        const { sections, failed } = readOutput(output);
        const pageLines = readFileSync(join(repoRoot, page), 'utf8').split('\n');
        const report = (section: Section | undefined, what: string): string => {
          const block = blocks[(section?.block ?? 1) - 1]!;
          return `${page}, block ${section?.block ?? 1} of ${blocks.length} (${page}:${block.line}): ${what}\n--- the block's output:\n${(section?.output ?? output).trim().slice(-6000)}`;
        };
        if (code !== 0) {
          const pageLine = failed ? origin.get(failed.line) : undefined;
          const at = pageLine ? ` at ${page}:${pageLine}: ${pageLines[pageLine - 1]?.trim()}` : '';
          expect.fail(report(sections.at(-1), `exit status ${failed?.status ?? code}${at}`));
        }
        const problems = requestsSince(from).flatMap((entry) => {
          const problem = wrong(entry);
          const section = sections.findLast(({ startedAt }) => startedAt <= entry.requestTime) ?? sections[0];
          return problem ? [{ section, problem: `${entry.httpMethod} ${entry.path} ${problem}` }] : [];
        });
        if (problems.length > 0) {
          const first = problems[0]!.section;
          const named = problems.filter(({ section }) => section === first).map(({ problem }) => problem);
          expect.fail(
            report(first, `its commands succeeded, but requests they made went wrong:\n${named.join('\n')}`),
          );
        }
      },
      hangNet(90_000),
    );
  }
});
