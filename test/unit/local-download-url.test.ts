import type { Scope } from '@wattle/domain';
import { checkLocalDownload, signLocalDownload } from '@wattle/file-storage';
import { describe, expect, it } from 'vitest';

const key = Buffer.alloc(32, 7);
const scope: Scope = { accountId: 'acct_abc', environment: 'test' };
const token = 'file_0000000000000000000001';
const expiresAt = new Date('2026-11-24T10:15:00Z');
const before = new Date('2026-11-24T10:14:59Z');

/** The path below the base and the query of a signed URL. */
const partsOf = (url: string) => {
  const parsed = new URL(url);
  return { path: parsed.pathname.replace(/^\/_local\/files\//, ''), query: parsed.search.slice(1) };
};
const signed = () =>
  partsOf(signLocalDownload(key, 'http://localhost:1/_local/files', scope, token, 'a b.pdf', expiresAt));

describe('local download URLs', () => {
  it('are good until they expire, and name the file they were signed for', () => {
    const { path, query } = signed();
    expect(checkLocalDownload(key, path, query, before)).toEqual({
      ok: true,
      scope,
      fileToken: token,
      filename: 'a b.pdf',
    });
    expect(checkLocalDownload(key, path, query, expiresAt)).toEqual({ ok: false, why: 'expired' });
  });

  it('refuse another key, another file, a later expiry or another filename', () => {
    const { path, query } = signed();
    expect(checkLocalDownload(Buffer.alloc(32, 8), path, query, before)).toEqual({
      ok: false,
      why: 'signature',
    });
    const otherFile = path.replace(token, 'file_0000000000000000000002');
    expect(checkLocalDownload(key, otherFile, query, before)).toEqual({ ok: false, why: 'signature' });
    const otherAccount = path.replace('acct_abc', 'acct_xyz');
    expect(checkLocalDownload(key, otherAccount, query, before)).toEqual({ ok: false, why: 'signature' });
    const later = query.replace(/expires=\d+/, `expires=${Math.floor(expiresAt.getTime() / 1000) + 3600}`);
    expect(checkLocalDownload(key, path, later, before)).toEqual({ ok: false, why: 'signature' });
    const renamed = query.replace(/filename=[^&]+/, 'filename=evil.html');
    expect(checkLocalDownload(key, path, renamed, before)).toEqual({ ok: false, why: 'signature' });
    expect(checkLocalDownload(key, path, query.replace(/signature=[^&]+/, 'signature=zz'), before)).toEqual({
      ok: false,
      why: 'signature',
    });
  });

  it('refuse a path that names no file', () => {
    const { query } = signed();
    for (const path of [
      '',
      'acct_abc/test',
      `acct_abc/staging/${token}`,
      'acct_abc/test/card_x',
      `a/test/${token}/more`,
    ])
      expect(checkLocalDownload(key, path, query, before), path).toEqual({ ok: false, why: 'malformed' });
  });
});
