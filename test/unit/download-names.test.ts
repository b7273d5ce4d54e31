import { S3Client } from '@aws-sdk/client-s3';
import { cleanFilename, downloadFilename, type Scope, type StoredFile } from '@wattle/domain';
import { s3FileBlobs } from '@wattle/file-storage';
import { describe, expect, it } from 'vitest';

const scope: Scope = { accountId: 'acct_names', environment: 'test' };
const stored = (originalFilename: string, mimeType: StoredFile['mimeType'] = 'image/png'): StoredFile => ({
  token: 'file_0000000000000000000001',
  originalFilename,
  purpose: 'dispute_evidence',
  size: 8,
  mimeType,
  uploadedAt: '2026-11-24T10:00:00Z',
  evidenceSubmitted: false,
});

/** The deployed files store (S3), its download URL made as the files function makes it. */
const s3DownloadUrl = async (file: StoredFile): Promise<URL> => {
  const client = new S3Client({
    region: 'ap-southeast-2',
    credentials: { accessKeyId: 'AKIAEXAMPLEEXAMPLE00', secretAccessKey: 'example-secret' },
  });
  const blobs = s3FileBlobs({ bucket: 'wattle-files', client });
  const now = new Date('2026-11-24T10:00:00Z');
  const link = await blobs.presign(scope, file, now, new Date(now.getTime() + 900_000));
  return new URL(link.url);
};

/** The exact name of a Content-Disposition's RFC 5987 `filename*`. */
const exactName = (disposition: string | null): string =>
  decodeURIComponent(/filename\*=UTF-8''(.*)$/.exec(disposition ?? '')?.[1] ?? '');

describe('a long filename', () => {
  const sent = `${'A'.repeat(254)}😀.png`;

  it('is cut by characters, never through a surrogate pair', () => {
    const kept = cleanFilename(sent);
    expect(kept).toBe(`${'A'.repeat(254)}😀`);
    expect(kept.isWellFormed()).toBe(true);
    expect(Array.from(cleanFilename('é'.repeat(300)))).toHaveLength(255);
  });

  it('as kept, gets a download URL from the S3 store, which names the file exactly', async () => {
    const url = await s3DownloadUrl(stored(cleanFilename(sent)));
    expect(url.hostname).toBe('wattle-files.s3.ap-southeast-2.amazonaws.com');
    expect(url.searchParams.get('response-content-type')).toBe('image/png');
    expect(exactName(url.searchParams.get('response-content-disposition'))).toBe(`${'A'.repeat(254)}😀.png`);
  });

  it('stored broken before the cut was fixed, still gets a download URL (the half pair shown as U+FFFD)', async () => {
    const url = await s3DownloadUrl(stored(`${'A'.repeat(254)}\ud83d`));
    expect(exactName(url.searchParams.get('response-content-disposition'))).toBe(
      `${'A'.repeat(254)}\ufffd.png`,
    );
  });
});

describe('the download name', () => {
  it('takes the extension of the type the bytes are', () => {
    expect(downloadFilename(stored('evil.html'))).toBe('evil.png');
    expect(downloadFilename(stored('evil.html', 'application/pdf'))).toBe('evil.pdf');
    expect(downloadFilename(stored('photo.JPEG', 'image/jpeg'))).toBe('photo.JPEG');
    expect(downloadFilename(stored('photo.jpg', 'image/png'))).toBe('photo.png');
    expect(downloadFilename(stored('statement', 'application/pdf'))).toBe('statement.pdf');
    expect(downloadFilename(stored('.htaccess'))).toBe('.htaccess.png');
    expect(downloadFilename(stored('😀.html'))).toBe('😀.png');
  });

  it('drops format and control characters: what is shown is what is saved', () => {
    expect(downloadFilename(stored('invoice\u202Egnp.html'))).toBe('invoicegnp.png');
    expect(downloadFilename(stored('a\u200Bb\u2066c\u0085d\u2028.pdf', 'application/pdf'))).toBe('abcd.pdf');
  });

  it('is what the S3 download URL saves the file as', async () => {
    const url = await s3DownloadUrl(stored('evil\u202E.html'));
    expect(url.searchParams.get('response-content-disposition')).toBe(
      `attachment; filename="evil.png"; filename*=UTF-8''evil.png`,
    );
  });
});
