import { beforeAll, describe, expect, it } from 'vitest';
import { type Api, type ApiResponse, api, newMerchant, useStack } from '../helpers/stack.ts';

const stack = useStack();

/** A small but real PNG (1×1, one transparent pixel). */
const png = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=',
  'base64',
);
const pdf = Buffer.from(
  '%PDF-1.4\n%\xe2\xe3\xcf\xd3\n1 0 obj << /Type /Catalog >> endobj\ntrailer << >>\n%%EOF\n',
  'latin1',
);

interface Merchant {
  client: Api;
  /** The same merchant's live environment. */
  live: Api;
  baseUrl: string;
  key: string;
  accountId: string;
}

let merchant: Merchant;
let stranger: Merchant;

const merchantOn = async (): Promise<Merchant> => {
  const made = await newMerchant(stack);
  return {
    client: api(made.test.baseUrl, made.test.secretKey),
    live: api(made.live.baseUrl, made.live.secretKey),
    baseUrl: made.test.baseUrl,
    key: made.test.secretKey,
    accountId: made.accountId,
  };
};

beforeAll(async () => {
  merchant = await merchantOn();
  stranger = await merchantOn();
});

/** POST /1/files as a browser or a client library sends it: a real multipart body from FormData. */
const upload = async (
  who: Merchant,
  parts: { file?: { bytes: Buffer; name: string; type?: string } | string; purpose?: string },
): Promise<ApiResponse> => {
  const form = new FormData();
  if (parts.purpose !== undefined) form.set('purpose', parts.purpose);
  if (typeof parts.file === 'string') form.set('file', parts.file);
  else if (parts.file)
    form.set(
      'file',
      new Blob([parts.file.bytes], { type: parts.file.type ?? 'application/octet-stream' }),
      parts.file.name,
    );
  return send(who, 'POST', '/1/files', form);
};

const send = async (
  who: Merchant,
  method: string,
  path: string,
  body?: FormData | string,
  contentType?: string,
) => {
  const headers: Record<string, string> = {
    authorization: `Basic ${Buffer.from(`${who.key}:`).toString('base64')}`,
  };
  if (contentType) headers['content-type'] = contentType;
  const response = await fetch(`${who.baseUrl}${path}`, { method, headers, ...(body ? { body } : {}) });
  const text = await response.text();
  return { status: response.status, headers: response.headers, body: text ? JSON.parse(text) : text, text };
};

const issuesOf = (res: ApiResponse) => res.body.messages as { param: string; message: string }[];

describe('POST /1/files', () => {
  it('keeps a PNG and answers 200 with the file object and a download URL that gives the same bytes', async () => {
    const res = await upload(merchant, {
      file: { bytes: png, name: 'pixel.png', type: 'image/png' },
      purpose: 'dispute_evidence',
    });
    expect(res.status).toBe(200);
    expect(res.body.response).toEqual({
      token: expect.stringMatching(/^file_[A-Za-z0-9_-]{22}$/),
      original_filename: 'pixel.png',
      presigned_url: expect.stringMatching(/^http:\/\/localhost:\d+\/_local\/files\//),
      presigned_url_expires_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/),
      purpose: 'dispute_evidence',
      size: png.length,
      mime_type: 'image/png',
      uploaded_at: expect.any(String),
    });
    const minutes =
      (Date.parse(res.body.response.presigned_url_expires_at) - Date.parse(res.body.response.uploaded_at)) /
      60_000;
    expect(minutes).toBe(15);

    const download = await fetch(res.body.response.presigned_url);
    expect(download.status).toBe(200);
    expect(download.headers.get('content-type')).toBe('image/png');
    expect(download.headers.get('content-disposition')).toContain('filename="pixel.png"');
    expect(Buffer.from(await download.arrayBuffer()).equals(png)).toBe(true);
  });

  it('tells the type by the bytes: a PDF declared as an image is kept as a PDF', async () => {
    const res = await upload(merchant, {
      file: { bytes: pdf, name: 'receipt.pdf', type: 'image/png' },
      purpose: 'dispute_evidence',
    });
    expect(res.status).toBe(200);
    expect(res.body.response.mime_type).toBe('application/pdf');
    const download = await fetch(res.body.response.presigned_url);
    expect(Buffer.from(await download.arrayBuffer()).equals(pdf)).toBe(true);
  });

  it('refuses a file whose bytes are no PDF, PNG or JPEG, whatever its name and declared type', async () => {
    const res = await upload(merchant, {
      file: {
        bytes: Buffer.from('<html><script>alert(1)</script></html>'),
        name: 'evidence.pdf',
        type: 'application/pdf',
      },
      purpose: 'dispute_evidence',
    });
    expect(res.status).toBe(422);
    expect(res.body.error).toBe('invalid_resource');
    expect(issuesOf(res)).toEqual([
      { param: 'file', code: 'file_invalid', message: 'File must be a PDF, PNG or JPEG file' },
    ]);
  });

  it('names each problem with a 422: no file, no purpose, another purpose, a text field for the file, an empty file', async () => {
    const none = await upload(merchant, {});
    expect(none.status).toBe(422);
    expect(issuesOf(none).map((m) => m.message)).toEqual(["Purpose can't be blank", "File can't be blank"]);

    const wrongPurpose = await upload(merchant, {
      file: { bytes: png, name: 'a.png' },
      purpose: 'identity_document',
    });
    expect(wrongPurpose.status).toBe(422);
    expect(issuesOf(wrongPurpose)).toEqual([
      { param: 'purpose', code: 'purpose_invalid', message: 'Purpose must be one of: dispute_evidence' },
    ]);

    const textFile = await upload(merchant, { file: 'not a file', purpose: 'dispute_evidence' });
    expect(textFile.status).toBe(422);
    expect(issuesOf(textFile)[0]?.message).toBe('File must be a file part of a multipart/form-data body');

    const empty = await upload(merchant, {
      file: { bytes: Buffer.alloc(0), name: 'empty.pdf' },
      purpose: 'dispute_evidence',
    });
    expect(empty.status).toBe(422);
    expect(issuesOf(empty)[0]?.message).toBe('File is empty');
  });

  it('refuses a file over 4 MB with a 422, and a body far past it with a 413', async () => {
    const big = Buffer.concat([png, Buffer.alloc(4 * 1024 * 1024 + 1 - png.length)]);
    const tooLarge = await upload(merchant, {
      file: { bytes: big, name: 'big.png' },
      purpose: 'dispute_evidence',
    });
    expect(tooLarge.status).toBe(422);
    expect(issuesOf(tooLarge)[0]?.message).toBe('File is too large (maximum is 4 MB)');

    const huge = await upload(merchant, {
      file: { bytes: Buffer.alloc(5 * 1024 * 1024), name: 'huge.png' },
      purpose: 'dispute_evidence',
    });
    expect(huge.status).toBe(413);
    expect(huge.body.error).toBe('request_too_large');
  });

  it('answers a malformed multipart body with a 400 that says what is wrong, never a 500', async () => {
    const noBoundary = await send(merchant, 'POST', '/1/files', 'x', 'multipart/form-data');
    expect(noBoundary.status).toBe(400);
    expect(noBoundary.body.error_description).toMatch(/no boundary/);

    const cut = await send(
      merchant,
      'POST',
      '/1/files',
      '--b\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\n\r\n\x89PNG',
      'multipart/form-data; boundary=b',
    );
    expect(cut.status).toBe(400);
    expect(cut.body.error_description).toMatch(/closing delimiter/);
  });

  it('takes a form or JSON body without a file as an upload missing its file', async () => {
    const res = await merchant.client.post('/1/files', { purpose: 'dispute_evidence' }, { form: true });
    expect(res.status).toBe(422);
    expect(issuesOf(res).map((m) => m.param)).toEqual(['file']);
  });
});

describe('filenames', () => {
  it('cuts a long name by characters, never through an emoji, so the file reads back', async () => {
    const made = await upload(merchant, {
      file: { bytes: png, name: `${'A'.repeat(254)}😀.png` },
      purpose: 'dispute_evidence',
    });
    expect(made.status).toBe(200);
    const kept: string = made.body.response.original_filename;
    expect(kept).toBe(`${'A'.repeat(254)}😀`);
    expect(kept.isWellFormed()).toBe(true);
    const read = await send(merchant, 'GET', `/1/files/${made.body.response.token}`);
    expect(read.status).toBe(200);
    const download = await fetch(read.body.response.presigned_url);
    expect(download.status).toBe(200);
    expect(download.headers.get('content-disposition')).toContain(
      `filename*=UTF-8''${'A'.repeat(254)}${encodeURIComponent('😀')}.png`,
    );
  });

  it('downloads under a name with the extension of what the bytes are, without invisible characters', async () => {
    const cases = [
      { name: 'evil.html', bytes: png, saved: 'evil.png' },
      { name: 'invoice\u202Efdp.exe', bytes: pdf, saved: 'invoicefdp.pdf' },
      { name: 'scan.JPG', bytes: png, saved: 'scan.png' },
      { name: 'receipt', bytes: pdf, saved: 'receipt.pdf' },
      { name: 'pixel.PNG', bytes: png, saved: 'pixel.PNG' },
    ];
    for (const { name, bytes, saved } of cases) {
      const made = await upload(merchant, { file: { bytes, name }, purpose: 'dispute_evidence' });
      expect(made.status).toBe(200);
      // The merchant's name is kept as sent (Pin's original_filename); only the download's changes.
      expect(made.body.response.original_filename).toBe(name);
      const download = await fetch(made.body.response.presigned_url);
      expect(download.headers.get('content-disposition')).toBe(
        `attachment; filename="${saved}"; filename*=UTF-8''${saved}`,
      );
    }
  });
});

describe('GET and DELETE /1/files/{token}', () => {
  it('shows the file with a fresh download URL to its merchant only, and never in live', async () => {
    const made = await upload(merchant, {
      file: { bytes: png, name: 'pixel.png' },
      purpose: 'dispute_evidence',
    });
    const token = made.body.response.token as string;
    const read = await merchant.client.get(`/1/files/${token}`);
    expect(read.status).toBe(200);
    expect(read.body.response).toMatchObject({ token, original_filename: 'pixel.png', size: png.length });
    expect((await fetch(read.body.response.presigned_url)).status).toBe(200);

    expect((await stranger.client.get(`/1/files/${token}`)).status).toBe(404);
    expect((await stranger.client.del(`/1/files/${token}`)).status).toBe(404);
    expect((await merchant.live.get(`/1/files/${token}`)).status).toBe(404);
    expect((await merchant.live.del(`/1/files/${token}`)).status).toBe(404);
    expect((await merchant.client.get('/1/files/file_doesnotexist0000000000')).body.error).toBe('not_found');
  });

  it('deletes a file (204) and its bytes: the URL handed out before no longer downloads', async () => {
    const made = await upload(merchant, {
      file: { bytes: pdf, name: 'receipt.pdf' },
      purpose: 'dispute_evidence',
    });
    const { token, presigned_url: url } = made.body.response;
    expect((await merchant.client.del(`/1/files/${token}`)).status).toBe(204);
    expect((await merchant.client.get(`/1/files/${token}`)).status).toBe(404);
    expect((await merchant.client.del(`/1/files/${token}`)).status).toBe(404);
    expect((await fetch(url)).status).toBe(404);
  });
});

describe('download URLs', () => {
  it('are refused when anything in them is changed', async () => {
    const made = await upload(merchant, {
      file: { bytes: png, name: 'pixel.png' },
      purpose: 'dispute_evidence',
    });
    const url = new URL(made.body.response.presigned_url);
    const later = new URL(url);
    later.searchParams.set('expires', String(Number(url.searchParams.get('expires')) + 3600));
    const renamed = new URL(url);
    renamed.searchParams.set('filename', 'page.html');
    for (const changed of [later, renamed]) {
      const res = await fetch(changed);
      expect(res.status).toBe(403);
      expect(((await res.json()) as { error: string }).error).toBe('forbidden');
    }
    const unsigned = new URL(url);
    unsigned.search = '';
    expect((await fetch(unsigned)).status).toBe(403);
  });
});
