import { bodyLimits, forbiddenKeys } from './body-limits.ts';
import { badRequest, type Fields, guardFields } from './fields.ts';

/**
 * Form fields as node:querystring decodes them (and so @middy/http-urlencode-body-parser): flat
 * names, a repeated name's values as an array.
 */
export type FlatFields = Record<string, string | string[] | undefined>;

const arrayIndex = /^(0|[1-9]\d*)$/;

/**
 * `card[number]` → card, number; `a[]` → a, ''; `a[0][b]` → a, 0, b: a name without brackets,
 * then any number of `[…]` without brackets inside, to the end. A name of any other shape is one
 * plain name. Read by hand rather than by a regular expression and its matches: every field of
 * every request comes through here, and this is eight times cheaper.
 */
const pathOf = (name: string): string[] => {
  const open = name.indexOf('[');
  if (open <= 0) return [name];
  const head = name.slice(0, open);
  if (head.includes(']')) return [name];
  const path = [head];
  for (let at = open; at < name.length; ) {
    if (name[at] !== '[') return [name];
    const close = name.indexOf(']', at + 1);
    if (close === -1) return [name];
    const segment = name.slice(at + 1, close);
    if (segment.includes('[')) return [name];
    path.push(segment);
    at = close + 1;
  }
  return path;
};

interface Tree {
  [name: string]: Tree | string;
}

const isIndex = (name: string): boolean => arrayIndex.test(name) && Number(name) < bodyLimits.maxArrayItems;

/** The index `a[]` appends at: the first one free. */
const nextIndex = (node: Tree): string => {
  let index = Object.keys(node).length;
  while (String(index) in node) index++;
  if (index >= bodyLimits.maxArrayItems) {
    throw badRequest(`An array may hold at most ${bodyLimits.maxArrayItems} items.`);
  }
  return String(index);
};

const conflict = (name: string): Error =>
  badRequest(`The form fields could not be read: ${name} is both a value and a group of fields.`);

/** A group whose names are all array indices is an array, in index order (gaps closed). */
const settle = (node: Tree | string): unknown => {
  if (typeof node === 'string') return node;
  const names = Object.keys(node);
  if (names.length > 0 && names.every(isIndex)) {
    return names.sort((a, b) => Number(a) - Number(b)).map((name) => settle(node[name] as Tree | string));
  }
  const out: Record<string, unknown> = Object.create(null);
  for (const name of names) out[name] = settle(node[name] as Tree | string);
  return out;
};

/**
 * Nests flat form fields by their brackets, as Pin's clients write them: `card[number]` is a
 * field of `card`, `a[]` appends to an array, `a[0][b]` is a field of an array's item, and a
 * repeated name is an array. Names with a prototype key anywhere are dropped; the depth, array and
 * parameter limits of body-limits.ts apply (a 400 past them), and so does a name that is both a
 * value and a group (`a=1&a[b]=2`). Query strings and form bodies both go through here.
 */
export const nestFields = (flat: FlatFields): Fields => {
  const root: Tree = Object.create(null);
  for (const [name, value] of Object.entries(flat)) {
    if (value === undefined || name === '') continue;
    const path = pathOf(name);
    if (path.some((segment) => forbiddenKeys.has(segment))) continue;
    if (path.length - 1 > bodyLimits.maxDepth) {
      throw badRequest(`Parameters may be nested at most ${bodyLimits.maxDepth} deep.`);
    }
    let node = root;
    for (const segment of path.slice(0, -1)) {
      const key = segment === '' ? nextIndex(node) : segment;
      const child = node[key] ?? Object.create(null);
      if (typeof child === 'string') throw conflict(name);
      node[key] = child;
      node = child;
    }
    const last = path.at(-1) as string;
    if (last !== '' && node[last] !== undefined) throw conflict(name);
    if (last !== '' && typeof value === 'string') {
      node[last] = value;
      continue;
    }
    // `a[]=x` appends to a; a repeated name (`a=x&a=y`) is the array of its values.
    const items: Tree = last === '' ? node : Object.create(null);
    if (last !== '') node[last] = items;
    for (const item of typeof value === 'string' ? [value] : value) items[nextIndex(items)] = item;
  }
  return guardFields(settle(root) as object);
};
