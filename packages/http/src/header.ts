/**
 * A request header by name (given lower-case), whatever its case in `headers`. API Gateway hands
 * the names over lower-cased, so the direct lookup answers every real request; the scan is for
 * events made by hand.
 */
export const header = (
  headers: Record<string, string | undefined> | undefined,
  name: string,
): string | undefined => {
  if (!headers) return undefined;
  const direct = headers[name];
  if (direct !== undefined) return direct;
  const found = Object.keys(headers).find((key) => key.toLowerCase() === name);
  return found ? headers[found] : undefined;
};
