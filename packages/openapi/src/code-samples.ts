import type { Route } from '@wattle/routes';
import { formPairs, type RequestExample } from './request-examples.ts';

/**
 * Each operation's curl samples (`x-codeSamples`, which the renderer shows beside it): the request
 * sample sent as form fields, and as JSON when the route takes a body. They read the keys from the
 * README's shell variables (`$KEY`, the merchant's test secret key; `$PK`, its publishable key;
 * `$PARTNER`), so a sample runs as pasted once those are set.
 */

export interface CodeSample {
  lang: string;
  label: string;
  source: string;
}

export interface SampleTarget {
  /** The test environment's base URL: `http://localhost:4010/test`. */
  baseUrl: string;
  /** The token each path parameter stands for. */
  pathTokens: Record<string, string>;
}

/** Safe unquoted in a shell word. */
const plain = /^[\w@%+=:,./-]+$/;

/** One shell word: as it is when plain, else in single quotes; `$VAR` kept expandable in double quotes. */
export const shellWord = (text: string): string => {
  if (plain.test(text)) return text;
  if (/^[\w=[\]]*\$[A-Z]+$/.test(text)) return `"${text}"`;
  return `'${text.replaceAll("'", `'\\''`)}'`;
};

/** A form field as curl sends it: `-d` when the text needs no encoding, else `--data-urlencode`. */
const formField = ([name, value]: [string, string]): string => {
  const field = `${name}=${value}`;
  return /^[\w.@:/-]*$/.test(value) ? `-d ${shellWord(field)}` : `--data-urlencode ${shellWord(field)}`;
};

const keyOf = (route: Route, example: RequestExample): string[] => {
  // A JSONP request carries the publishable key in its query string.
  if (route.auth === 'none' || example.query?.callback !== undefined) return [];
  return ['-u', route.auth === 'partner' ? '"$PARTNER:"' : '"$KEY:"'];
};

const command = (lines: string[][]): string => lines.map((words) => words.join(' ')).join(' \\\n  ');

/** The curl samples of `route` for `example`. */
export const curlSamples = (route: Route, example: RequestExample, target: SampleTarget): CodeSample[] => {
  const path = route.path.replace(/\{([^}]+)\}/g, (_, name: string) => {
    const token = target.pathTokens[name];
    if (!token) throw new Error(`${route.path}: no sample token for {${name}} in samples.ts`);
    return token;
  });
  const url = shellWord(`${target.baseUrl}${path}`);
  const key = keyOf(route, example);
  const method =
    route.method === 'HEAD'
      ? ['--head']
      : route.method === 'GET' || (route.method === 'POST' && example.body)
        ? []
        : ['-X', route.method];
  const query = formPairs(example.query ?? {});
  const head = [['curl', ...(query.length ? ['-G'] : []), ...method, url], ...(key.length ? [key] : [])];
  const queryLines = query.map((pair) => [formField(pair)]);
  if (!example.body) return [{ lang: 'Shell', label: 'curl', source: command([...head, ...queryLines]) }];
  if (route.body === 'multipart') {
    const parts = Object.entries(example.body).map(([name, value]) => ['-F', shellWord(`${name}=${value}`)]);
    return [{ lang: 'Shell', label: 'curl', source: command([...head, ...parts]) }];
  }
  const form = formPairs(example.body).map((pair) => [formField(pair)]);
  const json = [
    ['-H', shellWord('Content-Type: application/json')],
    ['-d', shellWord(JSON.stringify(example.body, null, 2))],
  ];
  return [
    { lang: 'Shell', label: 'curl (form)', source: command([...head, ...form]) },
    { lang: 'Shell', label: 'curl (JSON)', source: command([...head, ...json]) },
  ];
};
