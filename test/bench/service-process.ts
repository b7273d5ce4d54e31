/**
 * The service under test, in a process of its own (so the load generator and the storage-floor
 * replays do not share its event loop): an in-memory local stack with the DynamoDB call recorder,
 * driven over IPC by the benchmark (service-client.ts). No scheduled runs: they would add load.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startLocalStack } from '@wattle/local';
import { installRecorder, takeRecording } from './ddb-recorder.ts';

export type ServiceRequest =
  | { type: 'recording'; id: string }
  | { type: 'recorded' }
  | { type: 'hold'; held: boolean }
  | { type: 'stop' };

export type ServiceMessage =
  | { type: 'ready'; port: number; ddbEndpoint: string; ddbAccessKeyId: string; tableName: string }
  | { type: 'recording'; id: string; recording: ReturnType<typeof takeRecording> | null }
  | { type: 'recorded' }
  | { type: 'held' };

process.env.WATTLE_LOG_LEVEL = 'SILENT';
const uninstallRecorder = installRecorder();
const dataDir = mkdtempSync(join(tmpdir(), 'wattle-bench-'));
const stack = await startLocalStack({ port: 0, dataDir, inMemory: true, quiet: true, scheduleIntervalMs: 0 });

const reply = (message: ServiceMessage) => process.send?.(message);

const stop = async () => {
  await stack.stop();
  rmSync(dataDir, { recursive: true, force: true });
  process.exit(0);
};

process.on('message', (message: ServiceRequest) => {
  if (message.type === 'recording')
    reply({ type: 'recording', id: message.id, recording: takeRecording(message.id) ?? null });
  else if (message.type === 'recorded') {
    uninstallRecorder();
    reply({ type: 'recorded' });
  } else if (message.type === 'hold') {
    stack.holdEvents(message.held);
    reply({ type: 'held' });
  } else if (message.type === 'stop') void stop();
});
process.on('disconnect', () => void stop());

reply({
  type: 'ready',
  port: stack.port,
  ddbEndpoint: stack.ddbEndpoint,
  ddbAccessKeyId: stack.ddbAccessKeyId,
  tableName: stack.tableName,
});
