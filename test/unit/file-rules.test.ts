import {
  cleanFilename,
  fileTypeOf,
  isAppleValidationUrl,
  isDomainName,
  normalDomainName,
  type StoredFile,
} from '@wattle/domain';
import { presentFile } from '@wattle/wire';
import { describe, expect, it } from 'vitest';

const bytes = (...values: number[]) => new Uint8Array(values);

describe('file types by signature', () => {
  it('knows PDF, PNG and JPEG by their first bytes', () => {
    expect(fileTypeOf(new TextEncoder().encode('%PDF-1.7'))).toBe('application/pdf');
    expect(fileTypeOf(bytes(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0))).toBe('image/png');
    expect(fileTypeOf(bytes(0xff, 0xd8, 0xff, 0xe0))).toBe('image/jpeg');
  });

  it('knows nothing else, whatever it is called: text, a GIF, an executable, a truncated signature', () => {
    expect(fileTypeOf(new TextEncoder().encode('hello'))).toBeNull();
    expect(fileTypeOf(new TextEncoder().encode('GIF89a'))).toBeNull();
    expect(fileTypeOf(bytes(0x4d, 0x5a, 0x90))).toBeNull();
    expect(fileTypeOf(bytes(0x89, 0x50, 0x4e))).toBeNull();
    expect(fileTypeOf(bytes())).toBeNull();
  });
});

describe('filenames', () => {
  it('keep the name without any directory part or control character', () => {
    expect(cleanFilename('C:\\Users\\me\\receipt.pdf')).toBe('receipt.pdf');
    expect(cleanFilename('../../etc/passwd')).toBe('passwd');
    expect(cleanFilename('a\u0000b\nc.png')).toBe('abc.png');
    expect(cleanFilename('x'.repeat(300))).toHaveLength(255);
  });
});

describe('the file object', () => {
  it("has Pin's fields, and no sign of the evidence mark", () => {
    const file: StoredFile = {
      token: 'file_0000000000000000000001',
      originalFilename: 'receipt.pdf',
      purpose: 'dispute_evidence',
      size: 10,
      mimeType: 'application/pdf',
      uploadedAt: '2026-11-24T10:00:00Z',
      evidenceSubmitted: true,
    };
    expect(presentFile(file, { url: 'https://x/y', expiresAt: new Date('2026-11-24T10:15:00Z') })).toEqual({
      token: 'file_0000000000000000000001',
      original_filename: 'receipt.pdf',
      presigned_url: 'https://x/y',
      presigned_url_expires_at: '2026-11-24T10:15:00Z',
      purpose: 'dispute_evidence',
      size: 10,
      mime_type: 'application/pdf',
      uploaded_at: '2026-11-24T10:00:00Z',
    });
  });
});

describe('Apple Pay rules', () => {
  it('take host names of two labels or more, not addresses, ports or paths', () => {
    for (const name of ['example.com', 'shop.example.com.au', 'xn--bcher-kva.example', 'a-b.c0.io'])
      expect(isDomainName(name), name).toBe(true);
    for (const name of [
      'localhost',
      '127.0.0.1',
      'example.com:443',
      'https://example.com',
      '-a.com',
      'a..com',
      'a_b.com',
      '',
    ])
      expect(isDomainName(name), name).toBe(false);
    expect(normalDomainName(' Shop.Example.COM. ')).toBe('shop.example.com');
  });

  it("take only https URLs on Apple's payment gateway hosts as validation URLs", () => {
    for (const url of [
      'https://apple-pay-gateway.apple.com/paymentservices/startSession',
      'https://apple-pay-gateway-cert.apple.com/paymentservices/paymentSession',
      'https://apple-pay-gateway-nc-pod5.apple.com/paymentservices/startSession',
      'https://cn-apple-pay-gateway-sh-pod1.apple.com/paymentservices/startSession',
    ])
      expect(isAppleValidationUrl(url), url).toBe(true);
    for (const url of [
      'http://apple-pay-gateway.apple.com/paymentservices/startSession',
      'https://apple-pay-gateway.apple.com.evil.example/x',
      'https://evil.example/apple-pay-gateway.apple.com',
      'https://apple.com/x',
      'https://user@apple-pay-gateway.apple.com/x',
      'https://apple-pay-gateway.apple.com:8443/x',
      // WHATWG reads the backslash as a slash (Apple's host), others as user info (the loopback).
      'https://apple-pay-gateway.apple.com\\@127.0.0.1:8443/',
      'https://apple-pay-gateway.apple.com/\\x',
      ' https://apple-pay-gateway.apple.com/x',
      'https://apple-pay-gateway.apple.com/x\n',
      'https://apple-pay-gat\teway.apple.com/x',
      'not a url',
    ])
      expect(isAppleValidationUrl(url), url).toBe(false);
  });
});
