import { isAbsolute, relative } from 'node:path';
import type { LocalStack } from './stack.ts';

/** The readable block `npm start` prints: the same facts as local.json, plus where things live. */
export const describeStack = (stack: LocalStack, readyMs?: number): string => {
  const { info } = stack;
  const fromHere = relative(process.cwd(), stack.dataDir);
  const where =
    fromHere === '' ? '.' : fromHere.startsWith('..') || isAbsolute(fromHere) ? stack.dataDir : fromHere;
  const lines = [
    '',
    `Wattle is running${readyMs === undefined ? '' : ` (ready in ${(readyMs / 1000).toFixed(1)} s)`}.`,
    '',
    `  test   base URL          ${info.test.baseUrl}`,
    `         secret key        ${info.test.secretKey}`,
    `         publishable key   ${info.test.publishableKey}`,
    `  live   base URL          ${info.live.baseUrl}`,
    `         secret key        ${info.live.secretKey}`,
    `         publishable key   ${info.live.publishableKey}`,
    `         processor         ${stack.liveProcessor}`,
    `  partner key              ${info.partnerKey}`,
    `  clock                    ${info.clockUrl}`,
    `                           (move it: curl -d seconds=3600 ${info.clockUrl}/advance)`,
    ...(stack.store === 'memory'
      ? [
          '  store                    memory engine (no DynamoDB Local, no SQS emulator)',
          '  data                     in memory: nothing is kept after you stop',
        ]
      : [
          `  DynamoDB Local           ${stack.ddbEndpoint}  (table ${stack.tableName})`,
          `    access key             ${stack.ddbAccessKeyId}  (its database; any other key sees none of it)`,
          `  SQS (fauxqs)             ${stack.sqsEndpoint}`,
          `  data                     ${stack.inMemory ? 'in memory: nothing is kept after you stop' : `kept in ${where}/`}`,
        ]),
    `  written to               ${where}/local.json`,
    '',
    `Try:  curl -u ${info.test.secretKey}: ${info.test.baseUrl}/1/customers`,
    'Press Ctrl-C to stop.',
    '',
  ];
  return lines.join('\n');
};
