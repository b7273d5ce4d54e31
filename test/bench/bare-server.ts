/**
 * The bare server: an HTTP server that answers every request by sending the recorded DynamoDB
 * calls of one operation again (storage-floor.ts's replay, with the floor's client) and answering
 * with the last call's output as JSON, in the status and shape the operation expects. No routing, no key, no validation, no events: the least
 * any HTTP service making the same SDK calls does, in a process of its own as the service is.
 * Driven over IPC by bare-client.ts.
 */
import { createServer } from 'node:http';
import type { Recording } from './ddb-recorder.ts';
import { floorClient, freshTokens, replay } from './storage-floor.ts';

export type BareRequest = { type: 'serve'; recording: Recording; fresh: boolean } | { type: 'stop' };
export type BareMessage = { type: 'ready'; port: number } | { type: 'serving' };

const endpoint = process.env.BENCH_DYNAMODB_ENDPOINT as string;
const client = floorClient(endpoint, process.env.BENCH_DYNAMODB_ACCESS_KEY as string);
let current: { recording: Recording; fresh: boolean } | undefined;

const server = createServer((request, response) => {
  request.resume();
  request.on('end', async () => {
    try {
      if (!current) throw new Error('Nothing to serve yet');
      const { recording, fresh } = current;
      const tokens = fresh ? freshTokens(recording) : new Map<string, string>();
      const output = await replay(client, recording, tokens);
      // The shape and status the operation checks (api-operations.ts): 201 for a creation.
      const token = [...tokens.values()].find((t) => t.startsWith('ch_')) ?? 'ch_bare';
      const body = JSON.stringify({ response: { token, dynamodb: output } });
      response.writeHead(request.method === 'GET' ? 200 : 201, {
        'content-type': 'application/json',
        'content-length': Buffer.byteLength(body),
      });
      response.end(body);
    } catch (error) {
      response.writeHead(500, { 'content-type': 'text/plain' });
      response.end((error as Error).message);
    }
  });
});

const stop = () => {
  client.destroy();
  server.close();
  process.exit(0);
};
process.on('message', (message: BareRequest) => {
  if (message.type === 'stop') return stop();
  current = { recording: message.recording, fresh: message.fresh };
  process.send?.({ type: 'serving' } satisfies BareMessage);
});
process.on('disconnect', stop);
server.listen(0, '127.0.0.1', () =>
  process.send?.({ type: 'ready', port: (server.address() as { port: number }).port } satisfies BareMessage),
);
