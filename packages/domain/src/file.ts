/** Why a file was uploaded: Pin knows one purpose (docs/api/cookbook/files.md). */
export const filePurposes = ['dispute_evidence'] as const;
export type FilePurpose = (typeof filePurposes)[number];

/** A merchant's uploaded file: its metadata, kept in the table (the bytes are in the file store). */
export interface StoredFile {
  token: string;
  originalFilename: string;
  purpose: FilePurpose;
  /** Bytes. */
  size: number;
  mimeType: FileType;
  uploadedAt: string;
  /** Part of dispute evidence that was submitted: the file can no longer be deleted. */
  evidenceSubmitted: boolean;
}

/**
 * What an upload may be. The size stays under what a Lambda request can carry: the 6 MB payload
 * holds the body base64-encoded (4/3 of its size) with the multipart framing and the event around it.
 */
export const fileLimits = {
  maxBytes: 4 * 1024 * 1024,
  /** The multipart framing, headers and the purpose field around the file. */
  maxFramingBytes: 64 * 1024,
  maxFilenameLength: 255,
} as const;

/** The types Wattle keeps, told by the file's first bytes (its signature), not by what the upload declared. */
export const fileTypes = ['application/pdf', 'image/png', 'image/jpeg'] as const;
export type FileType = (typeof fileTypes)[number];

const signatures: readonly { type: FileType; bytes: readonly number[] }[] = [
  { type: 'application/pdf', bytes: [0x25, 0x50, 0x44, 0x46, 0x2d] }, // %PDF-
  { type: 'image/png', bytes: [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a] },
  { type: 'image/jpeg', bytes: [0xff, 0xd8, 0xff] },
];

/** The type the bytes are (by their signature), or null when they are none Wattle keeps. */
export const fileTypeOf = (bytes: Uint8Array): FileType | null =>
  signatures.find(({ bytes: signature }) => signature.every((byte, i) => bytes[i] === byte))?.type ?? null;

/**
 * How long the bytes and the file are kept after the upload (the S3 bucket's lifecycle rule
 * deletes the bytes then): a year outlasts a dispute's evidence window and arbitration.
 */
export const fileRetentionDays = 365;

/** A file past its retention is gone, as its bytes are. */
export const fileExpired = (file: StoredFile, now: Date): boolean =>
  now.getTime() >= Date.parse(file.uploadedAt) + fileRetentionDays * 86_400_000;

/** How long a download URL works after the GET or POST that made it. */
export const downloadUrlLifetimeSeconds = 15 * 60;

/** A file's download URL and when it stops working. */
export interface DownloadLink {
  url: string;
  expiresAt: Date;
}

/** Text cut to its first `max` characters, counted as code points: never half a surrogate pair. */
const firstCodePoints = (text: string, max: number): string => Array.from(text).slice(0, max).join('');

/**
 * The filename as kept: no directory part (a browser may send one), no control characters, bounded
 * in characters (code points: a cut through an emoji's UTF-16 pair would leave text with no UTF-8
 * form, which S3's signer and every later read refuse).
 */
export const cleanFilename = (name: string): string => {
  const base = name.split(/[\\/]/).pop() ?? '';
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is removed
  const clean = base.replace(/[\u0000-\u001f\u007f]/g, '').trim();
  return firstCodePoints(clean, fileLimits.maxFilenameLength);
};

/** The extensions a type's files are saved with, the usual one first. */
const extensionsOf: Record<FileType, readonly [string, ...string[]]> = {
  'application/pdf': ['pdf'],
  'image/png': ['png'],
  'image/jpeg': ['jpg', 'jpeg', 'jpe'],
};

/**
 * The name a download is saved under: the original name without invisible characters (controls,
 * format characters such as U+202E, the right-to-left override that makes `evil\u202Egnp.html`
 * read as `evilhtml.png`, line separators) and with an extension of the type the bytes are, so a
 * PNG sent as `evil.html` saves as `evil.png` and a browser or desktop never opens it as a page.
 */
export const downloadFilename = (file: Pick<StoredFile, 'originalFilename' | 'mimeType'>): string => {
  const shown = file.originalFilename
    .toWellFormed()
    .replace(/[\p{Cc}\p{Cf}\p{Zl}\p{Zp}]/gu, '')
    .trim();
  const dot = shown.lastIndexOf('.');
  const stem = dot > 0 ? shown.slice(0, dot) : shown;
  const extension = dot > 0 ? shown.slice(dot + 1).toLowerCase() : '';
  const extensions = extensionsOf[file.mimeType];
  if (extensions.includes(extension)) return shown;
  return `${stem.trim() || 'file'}.${extensions[0]}`;
};
