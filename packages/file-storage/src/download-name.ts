/**
 * A Content-Disposition that makes a browser save the file under its original name: an ASCII
 * fallback (quotes, backslashes and anything outside printable ASCII become `_`) and the exact
 * name in RFC 5987's `filename*`.
 */
export const attachmentDisposition = (filename: string): string => {
  const ascii = filename.replace(/[^\x20-\x7e]|["\\]/g, '_') || 'file';
  const exact = encodeURIComponent(filename).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `attachment; filename="${ascii}"; filename*=UTF-8''${exact}`;
};
