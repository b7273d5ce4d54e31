/**
 * The storage floor: the DynamoDB calls one API request made (as recorded by ddb-recorder.ts),
 * sent again straight through the SDK's low-level client, in the same order (calls the service
 * made side by side are sent side by side). Tokens the request minted are replaced by fresh ones
 * on every replay, so creations create and their conditions hold; a transaction's
 * ClientRequestToken is new each time (the same one would be an idempotent no-op); and a move of a
 * merchant-wide list count (no condition, on a list that names no minted token) goes to a shard
 * drawn at random as countIn draws it, not always to the recorded one.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import * as dynamodb from '@aws-sdk/client-dynamodb';
import { localClientConfig } from '@wattle/local';
import { awsClientSettings } from '@wattle/runtime';
import { merchantWideShards } from '../../packages/store/src/kernel/counters.ts';
import type { RecordedCall, Recording } from './ddb-recorder.ts';

/**
 * The floor's client: the SDK's low-level DynamoDB client made as the functions make theirs
 * (packages/runtime/src/aws-clients.ts: the standard retry mode, the same HTTP handler and
 * timeouts, the logger without `info`), so the service's CPU is set against the same client
 * doing the same calls, without lib-dynamodb's marshalling and without the service's own work.
 */
export const floorClient = (endpoint: string, accessKeyId: string): dynamodb.DynamoDBClient =>
  new dynamodb.DynamoDBClient({
    ...awsClientSettings(),
    // The stack's own database: DynamoDB Local keeps one per access key.
    ...localClientConfig(endpoint, accessKeyId),
  });

export type Tokens = Map<string, string>;

/** A fresh token of the same kind for every token `recordings` minted. */
export const freshTokens = (...recordings: Recording[]): Tokens =>
  new Map(
    recordings
      .flatMap((r) => r.minted)
      .map((token) => [
        token,
        `${token.slice(0, token.indexOf('_'))}_${randomBytes(16).toString('base64url')}`,
      ]),
  );

const rewrite = (value: unknown, tokens: Tokens): unknown => {
  if (typeof value === 'string') {
    let out = value;
    for (const [from, to] of tokens) if (out.includes(from)) out = out.replaceAll(from, to);
    return out;
  }
  if (Array.isArray(value)) return value.map((v) => rewrite(v, tokens));
  if (value instanceof Uint8Array || value === null || typeof value !== 'object') return value;
  return Object.fromEntries(Object.entries(value).map(([k, v]) => [rewrite(k, tokens), rewrite(v, tokens)]));
};

type Key = { pk?: { S?: string }; sk?: { S?: string } };
type Update = { Key?: Key; ConditionExpression?: string };

const reshard = (input: Record<string, unknown>, minted: string[]): void => {
  for (const item of (input.TransactItems as { Update?: Update }[] | undefined) ?? []) {
    const pk = item.Update?.Key?.pk?.S;
    const sk = item.Update?.Key?.sk;
    if (!pk?.startsWith('COUNTER#') || !sk || item.Update?.ConditionExpression) continue;
    if (minted.some((token) => pk.includes(token))) continue;
    sk.S = String(Math.floor(Math.random() * merchantWideShards));
  }
};

/** The calls in groups: a call that started before the previous ones ended runs beside them. */
export const groupsOf = (calls: RecordedCall[]): RecordedCall[][] => {
  const groups: RecordedCall[][] = [];
  let groupEnd = Number.NEGATIVE_INFINITY;
  for (const call of calls) {
    if (call.startMs < groupEnd) groups.at(-1)?.push(call);
    else groups.push([call]);
    groupEnd = Math.max(groupEnd, call.endMs);
  }
  return groups;
};

type AnyCommand = new (input: unknown) => Parameters<dynamodb.DynamoDBClient['send']>[0];

const commandClass = (name: string): AnyCommand => {
  const found = (dynamodb as unknown as Record<string, AnyCommand | undefined>)[`${name}Command`];
  if (!found) throw new Error(`No SDK command ${name}`);
  return found;
};

/** Sends one recorded request's calls again with `tokens` swapped in. */
export const replay = async (
  client: dynamodb.DynamoDBClient,
  recording: Recording,
  tokens: Tokens,
): Promise<unknown> => {
  let outputs: unknown[] = [];
  for (const group of groupsOf(recording.calls)) {
    outputs = await Promise.all(
      group.map((call) => {
        const input = rewrite(call.input, tokens) as Record<string, unknown>;
        reshard(input, [...tokens.values()]);
        delete input.ReturnConsumedCapacity;
        if ('ClientRequestToken' in input) input.ClientRequestToken = randomUUID();
        const Command = commandClass(call.command);
        return client.send(new Command(input));
      }),
    );
  }
  return outputs.at(-1);
};
