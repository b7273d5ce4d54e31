/**
 * DynamoDB's billing rules for writes, applied to items as the SDK marshals them (AttributeValue
 * form), because DynamoDB Local does not apply them to transactions: it reports twice the sum of
 * the DISTINCT per-item unit counts of a TransactWriteItems (eight items of 100 bytes: 2 units;
 * DynamoDB bills 16).
 *
 * An item's size is the UTF-8 length of its attribute names plus their values' sizes: strings
 * and binaries their length, numbers about one byte per two significant digits plus one, booleans
 * and nulls one byte, maps and lists 3 bytes plus one per element (and the names, for maps).
 * A write costs one unit per KB of the item (the larger of before and after), rounded up, two
 * inside a transaction; every index entry written or removed is a write of the projected item.
 */
type AttributeValue = Record<string, unknown>;

const utf8 = (text: string): number => Buffer.byteLength(text, 'utf8');

const numberSize = (text: string): number => {
  const digits = text
    .replace(/^-/, '')
    .replace(/[eE].*$/, '')
    .replace('.', '')
    .replace(/^0+/, '');
  return Math.ceil(Math.max(digits.length, 1) / 2) + 1;
};

export const valueSize = (value: AttributeValue): number => {
  const [type, inner] = Object.entries(value)[0] ?? ['NULL', true];
  switch (type) {
    case 'S':
      return utf8(inner as string);
    case 'N':
      return numberSize(inner as string);
    case 'B':
      return (inner as Uint8Array).length;
    case 'BOOL':
    case 'NULL':
      return 1;
    case 'SS':
      return (inner as string[]).reduce((sum, s) => sum + utf8(s), 0);
    case 'NS':
      return (inner as string[]).reduce((sum, n) => sum + numberSize(n), 0);
    case 'BS':
      return (inner as Uint8Array[]).reduce((sum, b) => sum + b.length, 0);
    case 'L':
      return 3 + (inner as AttributeValue[]).reduce((sum, v) => sum + 1 + valueSize(v), 0);
    case 'M':
      return (
        3 +
        Object.entries(inner as Record<string, AttributeValue>).reduce(
          (sum, [name, v]) => sum + 1 + utf8(name) + valueSize(v),
          0,
        )
      );
    default:
      throw new Error(`Unknown attribute type ${type}`);
  }
};

/** The size DynamoDB counts for an item, in bytes. */
export const itemSize = (item: Record<string, AttributeValue>): number =>
  Object.entries(item).reduce((sum, [name, value]) => sum + utf8(name) + valueSize(value), 0);

/** Write units of one write of an item of `bytes` (at least one unit), doubled in a transaction. */
export const writeUnits = (bytes: number, inTransaction: boolean): number =>
  Math.max(1, Math.ceil(bytes / 1024)) * (inTransaction ? 2 : 1);
