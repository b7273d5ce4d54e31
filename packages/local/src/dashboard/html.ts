import { escapeHtml } from '@wattle/http';

/** Markup that is safe to send: built by `html`, never from a bare string. */
export class Html {
  constructor(readonly text: string) {}
  toString(): string {
    return this.text;
  }
}

type Part = Html | string | number | boolean | null | undefined | readonly Part[];

const render = (part: Part): string => {
  if (part === null || part === undefined || part === false) return '';
  if (part instanceof Html) return part.text;
  if (Array.isArray(part)) return part.map(render).join('');
  return escapeHtml(String(part));
};

/**
 * The one way the dashboard writes markup: every interpolated value is escaped unless it is Html
 * itself, so merchant-supplied text (metadata, descriptions, URLs) cannot become markup.
 */
export const html = (strings: TemplateStringsArray, ...parts: Part[]): Html =>
  new Html(
    strings.reduce((out, text, i) => out + text + (i < parts.length ? render(parts[i] as Part) : ''), ''),
  );

/** A query string for a dashboard link, its values encoded. */
export const query = (parameters: Record<string, string | number | undefined>): string => {
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(parameters))
    if (value !== undefined) search.set(name, String(value));
  return `?${search}`;
};
