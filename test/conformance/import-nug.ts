/**
 * Imports the Nug recordings of a client library (Elixir: `test/fixtures/*.fixture`, each an Erlang
 * term of the Tesla requests and answers of one test, the earlier recordings kept inside the
 * client it recorded with) into a file of test/conformance/recordings/:
 *
 *   npx tsx test/conformance/import-nug.ts <git directory> <commit> <source.json> <out.json>
 *
 * <source.json> holds the file's `source` block (repository, url, commit, licence, format, client).
 * Each Tesla.Env with a status is one exchange, once; a test's exchanges of one day are a session,
 * in the order they were made (by time, a token's maker before its user).
 */
import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import type { RecordedExchange, RecordingSource } from './recordings.ts';
import type { Json } from './shape.ts';

/** An Erlang term as read here: atoms as `{ atom }`, tuples as `{ tuple }`, maps as entries. */
type Term =
  | null
  | boolean
  | number
  | string
  | Term[]
  | { atom: string }
  | { tuple: Term[] }
  | { map: [Term, Term][] }
  | { opaque: string };

/** Reads Erlang's external term format (the tags a Nug recording holds). */
class TermReader {
  private at = 0;

  constructor(private readonly buffer: Buffer) {}

  read(): Term {
    if (this.u8() !== 131) throw new Error('not an Erlang term (no version byte 131)');
    return this.term();
  }

  private take(length: number): Buffer {
    const bytes = this.buffer.subarray(this.at, this.at + length);
    this.at += length;
    return bytes;
  }

  private u8 = () => this.take(1).readUInt8(0);
  private u16 = () => this.take(2).readUInt16BE(0);
  private u32 = () => this.take(4).readUInt32BE(0);
  private terms = (count: number): Term[] => Array.from({ length: count }, () => this.term());

  private atom(name: string): Term {
    if (name === 'nil') return null;
    if (name === 'true' || name === 'false') return name === 'true';
    return { atom: name };
  }

  /** A pid, port or reference: its node's name, then `bytes` bytes of ids. */
  private opaque(kind: string, bytes: number): Term {
    this.term();
    this.take(bytes);
    return { opaque: kind };
  }

  private term(): Term {
    const tag = this.u8();
    switch (tag) {
      case 97:
        return this.u8();
      case 98:
        return this.take(4).readInt32BE(0);
      case 70:
        return this.take(8).readDoubleBE(0);
      case 100:
        return this.atom(this.take(this.u16()).toString('latin1'));
      case 118:
        return this.atom(this.take(this.u16()).toString('utf8'));
      case 115:
        return this.atom(this.take(this.u8()).toString('latin1'));
      case 119:
        return this.atom(this.take(this.u8()).toString('utf8'));
      case 109:
        return this.take(this.u32()).toString('utf8');
      case 106:
        return [];
      case 108: {
        const items = this.terms(this.u32());
        this.term(); // the tail: [] for a proper list
        return items;
      }
      case 107:
        return [...this.take(this.u16())];
      case 104:
        return { tuple: this.terms(this.u8()) };
      case 105:
        return { tuple: this.terms(this.u32()) };
      case 116:
        return { map: Array.from({ length: this.u32() }, () => [this.term(), this.term()] as [Term, Term]) };
      case 110: {
        const length = this.u8();
        const negative = this.u8() === 1;
        const digits = this.take(length);
        let value = 0n;
        digits.forEach((digit, index) => {
          value += BigInt(digit) << BigInt(8 * index);
        });
        return Number(negative ? -value : value);
      }
      case 88:
        return this.opaque('pid', 12);
      case 89:
        return this.opaque('port', 8);
      case 90: {
        const words = this.u16();
        return this.opaque('reference', 4 + 4 * words);
      }
      default:
        throw new Error(`unread Erlang term tag ${tag} at byte ${this.at - 1}`);
    }
  }
}

const isMap = (value: Term): value is { map: [Term, Term][] } =>
  typeof value === 'object' && value !== null && 'map' in value;
const isTuple = (value: Term): value is { tuple: Term[] } =>
  typeof value === 'object' && value !== null && 'tuple' in value;
const keyName = (key: Term) =>
  typeof key === 'object' && key !== null && 'atom' in key ? key.atom : String(key);
const field = (map: { map: [Term, Term][] }, name: string): Term | undefined =>
  map.map.find(([key]) => keyName(key) === name)?.[1];
/** A keyword list or a list of pairs, by key. */
const pairs = (value: Term | undefined): Map<string, Term> =>
  new Map(
    (Array.isArray(value) ? value : [])
      .filter(isTuple)
      .map((pair) => [keyName(pair.tuple[0] ?? null), pair.tuple[1] ?? null] as [string, Term]),
  );

const parse = (text: string): Json => {
  if (text === '') return null;
  try {
    return JSON.parse(text) as Json;
  } catch {
    return text;
  }
};

/** Every Tesla.Env with a status in a term, at any depth. */
const answersIn = (term: Term, found: { map: [Term, Term][] }[] = []): { map: [Term, Term][] }[] => {
  if (Array.isArray(term)) for (const item of term) answersIn(item, found);
  else if (isTuple(term)) for (const item of term.tuple) answersIn(item, found);
  else if (isMap(term)) {
    const struct = field(term, '__struct__');
    if (keyName(struct ?? null) === 'Elixir.Tesla.Env' && typeof field(term, 'status') === 'number')
      found.push(term);
    for (const [, value] of term.map) answersIn(value, found);
  }
  return found;
};

type Unordered = Omit<RecordedExchange, 'id' | 'session'>;

const exchangeOf = (file: string, env: { map: [Term, Term][] }): Unordered => {
  const url = new URL(String(field(env, 'url')));
  const options = pairs(field(env, 'opts'));
  const requestBody = options.get('req_body');
  const contentType = pairs(options.get('req_headers')).get('content-type');
  const date = pairs(field(env, 'headers')).get('date');
  const method = keyName(field(env, 'method') ?? null).toUpperCase() as RecordedExchange['request']['method'];
  return {
    file,
    recordedAt: new Date(String(date)).toISOString().replace('.000Z', 'Z'),
    request: {
      method,
      path: url.pathname,
      ...(url.search ? { query: url.search.slice(1) } : {}),
      ...(typeof requestBody === 'string' && requestBody !== ''
        ? {
            contentType: typeof contentType === 'string' ? contentType : 'application/json',
            body: parse(requestBody),
          }
        : {}),
    },
    response: { status: Number(field(env, 'status')), body: parse(String(field(env, 'body') ?? '')) },
  };
};

const tokenOf = (exchange: Unordered): string | undefined => {
  const body = exchange.response.body;
  const response =
    typeof body === 'object' && body !== null && !Array.isArray(body) ? body.response : undefined;
  return typeof response === 'object' &&
    response !== null &&
    !Array.isArray(response) &&
    typeof response.token === 'string'
    ? response.token
    : undefined;
};

/** A session's exchanges by time, an exchange that makes a token another uses first. */
const ordered = (list: Unordered[]): Unordered[] => {
  const left = list.toSorted((a, b) => a.recordedAt.localeCompare(b.recordedAt));
  const out: Unordered[] = [];
  while (left.length > 0) {
    const ready = left.findIndex((exchange) => {
      const uses = JSON.stringify([exchange.request.path, exchange.request.body ?? null]);
      return !left.some(
        (other) =>
          other !== exchange && tokenOf(other) !== undefined && uses.includes(String(tokenOf(other))),
      );
    });
    out.push(...left.splice(Math.max(ready, 0), 1));
  }
  return out;
};

if (import.meta.filename === process.argv[1]) {
  const [gitDir, commit, sourceFile, outFile] = process.argv.slice(2);
  if (!gitDir || !commit || !sourceFile || !outFile)
    throw new Error('usage: import-nug.ts <git directory> <commit> <source.json> <out.json>');
  const git = (...args: string[]) => execFileSync('git', ['-C', gitDir, ...args], { maxBuffer: 1 << 28 });
  const files = git('ls-tree', '-r', '--name-only', commit, 'test/fixtures').toString().trim().split('\n');
  const sessions = new Map<string, Unordered[]>();
  for (const file of files.filter((name) => name.endsWith('.fixture'))) {
    const seen = new Set<string>();
    for (const env of answersIn(new TermReader(git('show', `${commit}:${file}`)).read())) {
      const exchange = exchangeOf(file, env);
      const key = `${exchange.recordedAt}|${JSON.stringify(exchange.response.body)}`;
      if (seen.has(key)) continue;
      seen.add(key);
      const session = `${file.replace(/^test\/fixtures\//, '').replace(/\.fixture$/, '')} ${exchange.recordedAt.slice(0, 10)}`;
      sessions.set(session, [...(sessions.get(session) ?? []), exchange]);
    }
  }
  const exchanges = [...sessions.keys()].sort().flatMap((session) =>
    ordered(sessions.get(session) ?? []).map((exchange, index) => ({
      id: `${session} #${index + 1}`,
      session,
      ...exchange,
    })),
  );
  const source = JSON.parse(readFileSync(sourceFile, 'utf8')) as RecordingSource;
  writeFileSync(outFile, `${JSON.stringify({ source, exchanges }, null, 2)}\n`);
  console.log(`${exchanges.length} exchanges in ${sessions.size} sessions`);
}
