import { describe, expect, it } from 'vitest';
import { html, query } from '../../packages/local/src/dashboard/html.ts';

describe('the dashboard’s markup', () => {
  it('escapes every value put in, in text and in attributes, but not markup made by html', () => {
    const merchantText = `"><script>alert('x')</script>&`;
    const inner = html`<b>${merchantText}</b>`;
    const page = html`<p title="${merchantText}">${inner} ${[merchantText, 1, null, undefined, false]}</p>`;
    expect(page.text).toBe(
      '<p title="&#34;&#62;&#60;script&#62;alert(&#39;x&#39;)&#60;/script&#62;&#38;"><b>&#34;&#62;&#60;script&#62;alert(&#39;x&#39;)&#60;/script&#62;&#38;</b> &#34;&#62;&#60;script&#62;alert(&#39;x&#39;)&#60;/script&#62;&#38;1</p>',
    );
  });

  it('encodes link parameters and leaves out the absent ones', () => {
    expect(query({ account: 'acct_1', type: 'a&b=c', page: 2, replayed: undefined })).toBe(
      '?account=acct_1&type=a%26b%3Dc&page=2',
    );
  });
});
