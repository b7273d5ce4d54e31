import type {
  BatchGetCommandInput,
  BatchGetCommandOutput,
  BatchWriteCommandInput,
  BatchWriteCommandOutput,
  DeleteCommandInput,
  DeleteCommandOutput,
  GetCommandInput,
  GetCommandOutput,
  PutCommandInput,
  PutCommandOutput,
  QueryCommandInput,
  QueryCommandOutput,
  ScanCommandInput,
  ScanCommandOutput,
  TransactWriteCommandInput,
  TransactWriteCommandOutput,
  UpdateCommandInput,
  UpdateCommandOutput,
} from '@aws-sdk/lib-dynamodb';
import { marshall, unmarshall } from '@aws-sdk/util-dynamodb';

export type {
  BatchGetCommandInput,
  GetCommandInput,
  PutCommandInput,
  QueryCommandInput,
  TransactWriteCommandInput,
  UpdateCommandInput,
} from '@aws-sdk/lib-dynamodb';

/**
 * The document commands the store sends, named and shaped as @aws-sdk/lib-dynamodb's (whose input
 * and output types they take): plain values in, plain values out, marshalled to DynamoDB's JSON
 * by @aws-sdk/util-dynamodb as lib-dynamodb does (undefined values left out).
 */
export interface DocumentCommand<Input, Output> {
  /** DynamoDB's name of the operation (`GetItem`, `TransactWriteItems`…). */
  readonly operation: string;
  readonly input: Input;
  /** The input as DynamoDB's JSON. */
  wire(): object;
  /** The output from DynamoDB's JSON. */
  read(output: Record<string, unknown>): Output;
}

type Plain = Record<string, unknown>;
type Wire = Record<string, unknown>;

/**
 * Binary values travel as base64 in DynamoDB's JSON, where marshall leaves and unmarshall wants a
 * Uint8Array (the SDK's serde converts them): the compressed event data are the store's.
 */
type AttributeMap = Record<string, Record<string, unknown>>;
const binaryTo = (map: AttributeMap, convert: (binary: never) => unknown): AttributeMap => {
  for (const name in map) {
    const value = map[name]!;
    if ('B' in value) value.B = convert(value.B as never);
    else if ('BS' in value) value.BS = (value.BS as never[]).map(convert);
    else if ('M' in value) binaryTo(value.M as AttributeMap, convert);
    else if ('L' in value) binaryTo(value.L as unknown as AttributeMap, convert);
  }
  return map;
};
const base64 = (bytes: Uint8Array) =>
  Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('base64');
const bytes = (text: string) => {
  const buffer = Buffer.from(text, 'base64');
  return new Uint8Array(buffer.buffer, buffer.byteOffset, buffer.byteLength);
};

const toWire = (value: unknown): Wire =>
  binaryTo(marshall(value as Plain, { removeUndefinedValues: true }) as unknown as AttributeMap, base64);
/** An item as DynamoDB's JSON has it (an answer's, or a failed condition's) as plain values. */
export const fromWire = (value: unknown): Plain =>
  unmarshall(binaryTo(value as AttributeMap, bytes) as unknown as Parameters<typeof unmarshall>[0]);

/** The members of a request that hold plain values: items, keys and expression values. */
const valueMembers = ['Key', 'Item', 'ExpressionAttributeValues', 'ExclusiveStartKey'] as const;
/** The members of an answer that hold items. */
const itemMembers = ['Item', 'Attributes', 'LastEvaluatedKey'] as const;

const wired = (request: object): Wire => {
  const out: Wire = { ...request };
  for (const member of valueMembers) if (out[member] !== undefined) out[member] = toWire(out[member]);
  return out;
};

const readItems = (answer: Wire): Plain => {
  const out: Plain = { ...answer };
  for (const member of itemMembers) if (out[member] !== undefined) out[member] = fromWire(out[member]);
  if (Array.isArray(out.Items)) out.Items = out.Items.map(fromWire);
  return out;
};

const mapValues = <T, U>(record: Record<string, T> | undefined, f: (value: T) => U) =>
  record && Object.fromEntries(Object.entries(record).map(([key, value]) => [key, f(value)]));

abstract class Command<Input extends object, Output> implements DocumentCommand<Input, Output> {
  abstract readonly operation: string;
  constructor(readonly input: Input) {}
  wire(): object {
    return wired(this.input);
  }
  read(output: Wire): Output {
    return readItems(output) as Output;
  }
}

export class GetCommand extends Command<GetCommandInput, GetCommandOutput> {
  readonly operation = 'GetItem';
}
export class PutCommand extends Command<PutCommandInput, PutCommandOutput> {
  readonly operation = 'PutItem';
}
export class UpdateCommand extends Command<UpdateCommandInput, UpdateCommandOutput> {
  readonly operation = 'UpdateItem';
}
export class DeleteCommand extends Command<DeleteCommandInput, DeleteCommandOutput> {
  readonly operation = 'DeleteItem';
}
export class QueryCommand extends Command<QueryCommandInput, QueryCommandOutput> {
  readonly operation = 'Query';
}
export class ScanCommand extends Command<ScanCommandInput, ScanCommandOutput> {
  readonly operation = 'Scan';
}

export class TransactWriteCommand extends Command<TransactWriteCommandInput, TransactWriteCommandOutput> {
  readonly operation = 'TransactWriteItems';
  override wire(): object {
    return {
      ...this.input,
      TransactItems: this.input.TransactItems?.map((item) =>
        mapValues(item as Record<string, object>, wired),
      ),
    };
  }
}

type KeysAndAttributes = { Keys?: Plain[] } & Plain;

export class BatchGetCommand extends Command<BatchGetCommandInput, BatchGetCommandOutput> {
  readonly operation = 'BatchGetItem';
  override wire(): object {
    return {
      ...this.input,
      RequestItems: mapValues(this.input.RequestItems as Record<string, KeysAndAttributes>, (keys) =>
        keysWith(keys, toWire),
      ),
    };
  }
  override read(output: Wire): BatchGetCommandOutput {
    return {
      ...output,
      Responses: mapValues(output.Responses as Record<string, unknown[]> | undefined, (items) =>
        items.map(fromWire),
      ),
      UnprocessedKeys: mapValues(
        output.UnprocessedKeys as Record<string, KeysAndAttributes> | undefined,
        (keys) => keysWith(keys, fromWire),
      ),
    } as BatchGetCommandOutput;
  }
}
const keysWith = (keys: KeysAndAttributes, convert: (value: unknown) => Plain): KeysAndAttributes => ({
  ...keys,
  Keys: keys.Keys?.map(convert),
});

type WriteRequest = { PutRequest?: { Item: Plain }; DeleteRequest?: { Key: Plain } };

export class BatchWriteCommand extends Command<BatchWriteCommandInput, BatchWriteCommandOutput> {
  readonly operation = 'BatchWriteItem';
  override wire(): object {
    return {
      ...this.input,
      RequestItems: mapValues(this.input.RequestItems as Record<string, WriteRequest[]>, (requests) =>
        requests.map((request) => writeRequest(request, toWire)),
      ),
    };
  }
  override read(output: Wire): BatchWriteCommandOutput {
    return {
      ...output,
      UnprocessedItems: mapValues(
        output.UnprocessedItems as Record<string, WriteRequest[]> | undefined,
        (requests) => requests.map((request) => writeRequest(request, fromWire)),
      ),
    } as BatchWriteCommandOutput;
  }
}
const writeRequest = (request: WriteRequest, convert: (value: unknown) => Plain): WriteRequest =>
  request.PutRequest
    ? { PutRequest: { Item: convert(request.PutRequest.Item) } }
    : { DeleteRequest: { Key: convert(request.DeleteRequest?.Key) } };
