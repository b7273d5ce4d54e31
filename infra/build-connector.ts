/**
 * `node --import tsx infra/build-connector.ts <functionDir>`: what CDK runs after bundling a
 * function that reaches the processor (constructs/connector-package.ts).
 */
import { fileURLToPath } from 'node:url';
import { buildConnector } from './constructs/connector-package.ts';

const functionDir = process.argv[2];
if (!functionDir) throw new Error('usage: build-connector.ts <the function bundle directory>');
await buildConnector(fileURLToPath(new URL('../', import.meta.url)), functionDir);
