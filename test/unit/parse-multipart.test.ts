import { parseMultipart } from '@wattle/http';
import { describe, expect, it } from 'vitest';

const boundary = '----wattle7MA4YWxkTrZu0gW';
const type = `multipart/form-data; boundary=${boundary}`;

/** A body as browsers and curl write it: each part's headers, a blank line, its bytes. */
const body = (...parts: { headers: string[]; content: Buffer | string }[]): Buffer =>
  Buffer.concat([
    ...parts.flatMap((part) => [
      Buffer.from(`--${boundary}\r\n${part.headers.join('\r\n')}\r\n\r\n`),
      Buffer.from(part.content),
      Buffer.from('\r\n'),
    ]),
    Buffer.from(`--${boundary}--\r\n`),
  ]);

/** Every byte value, and the boundary's own prefix inside the content, as a binary file may hold. */
const binary = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  Buffer.from(Array.from({ length: 256 }, (_, i) => i)),
  Buffer.from(`\r\n--${boundary.slice(0, 10)}\r\n\r\n`),
  Buffer.from([0xff, 0xfe, 0x00, 0x0d]),
]);

describe('multipart bodies', () => {
  it('give the file part its bytes exactly, and the text parts as fields', () => {
    const parsed = parseMultipart(
      body(
        { headers: ['Content-Disposition: form-data; name="purpose"'], content: 'dispute_evidence' },
        {
          headers: [
            'Content-Disposition: form-data; name="file"; filename="scan.png"',
            'Content-Type: image/png',
          ],
          content: binary,
        },
      ),
      type,
    );
    expect(parsed.fields).toEqual({ purpose: 'dispute_evidence' });
    expect(parsed.uploads.file?.filename).toBe('scan.png');
    expect(parsed.uploads.file?.contentType).toBe('image/png');
    expect(parsed.uploads.file?.bytes.equals(binary)).toBe(true);
  });

  it('read a quoted boundary, a preamble, and quoted names with escapes', () => {
    const parsed = parseMultipart(
      Buffer.concat([
        Buffer.from('preamble to ignore\r\n'),
        body({
          headers: ['content-disposition: form-data; name="file"; filename="my \\"best\\" receipt.pdf"'],
          content: '%PDF-1.4',
        }),
      ]),
      `multipart/form-data; boundary="${boundary}"`,
    );
    expect(parsed.uploads.file?.filename).toBe('my "best" receipt.pdf');
    expect(parsed.uploads.file?.contentType).toBe('application/octet-stream');
  });

  it('keep an empty file part as an upload of no bytes', () => {
    const parsed = parseMultipart(
      body({ headers: ['Content-Disposition: form-data; name="file"; filename="empty.pdf"'], content: '' }),
      type,
    );
    expect(parsed.uploads.file?.bytes.length).toBe(0);
  });

  it.each([
    ['no boundary in the Content-Type', body(), 'multipart/form-data', /no boundary/],
    ['a boundary the body never has', Buffer.from('just text'), type, /does not occur/],
    [
      'no closing delimiter',
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="a"\r\n\r\nvalue`),
      type,
      /closing delimiter/,
    ],
    [
      'headers that never end',
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="a"`),
      type,
      /headers do not end/,
    ],
    [
      'a part without a name',
      body({ headers: ['Content-Disposition: form-data'], content: 'x' }),
      type,
      /with a name/,
    ],
    [
      'a part that is not form-data',
      body({ headers: ['Content-Disposition: attachment; name="a"'], content: 'x' }),
      type,
      /with a name/,
    ],
    [
      'a field sent twice',
      body(
        { headers: ['Content-Disposition: form-data; name="file"; filename="a.pdf"'], content: '%PDF-' },
        { headers: ['Content-Disposition: form-data; name="file"; filename="b.pdf"'], content: '%PDF-' },
      ),
      type,
      /more than once/,
    ],
    [
      'too many parts',
      body(
        ...Array.from({ length: 21 }, (_, i) => ({
          headers: [`Content-Disposition: form-data; name="f${i}"`],
          content: 'x',
        })),
      ),
      type,
      /at most 20 parts/,
    ],
  ])('refuse %s with a 400 naming the problem', (_, bytes, contentType, why) => {
    let caught: unknown;
    try {
      parseMultipart(bytes, contentType);
    } catch (error) {
      caught = error;
    }
    expect(caught).toMatchObject({
      status: 400,
      code: 'bad_request',
      description: expect.stringMatching(why),
    });
  });
});
