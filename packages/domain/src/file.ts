import { toTimestamp } from './clock.ts';

/** Why a file was uploaded: Pin knows one purpose (PIN-REFERENCE §4.13). */
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

/** The filename as kept: no directory part (a browser may send one), no control characters, bounded. */
export const cleanFilename = (name: string): string => {
  const base = name.split(/[\\/]/).pop() ?? '';
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is removed
  const clean = base.replace(/[\u0000-\u001f\u007f]/g, '').trim();
  return clean.slice(0, fileLimits.maxFilenameLength);
};

/** The file object of PIN-REFERENCE §4.13. */
export const presentFile = (file: StoredFile, link: DownloadLink) => ({
  token: file.token,
  original_filename: file.originalFilename,
  presigned_url: link.url,
  presigned_url_expires_at: toTimestamp(link.expiresAt),
  purpose: file.purpose,
  size: file.size,
  mime_type: file.mimeType,
  uploaded_at: file.uploadedAt,
});
