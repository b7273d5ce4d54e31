import { RemovalPolicy, Stack } from 'aws-cdk-lib';
import { PolicyStatement } from 'aws-cdk-lib/aws-iam';
import { Key } from 'aws-cdk-lib/aws-kms';
import type { Construct } from 'constructs';
import type { TableAction } from './access.ts';

/**
 * The customer-managed key the table (its indexes, stream and backups) is encrypted with. Ours, so
 * its use shows in CloudTrail and access to the data can be cut by disabling it. Retained with the
 * table: the table cannot be read without it.
 */
export const createTableKey = (scope: Construct, id: string): Key =>
  new Key(scope, id, {
    description: 'Wattle: encryption at rest of the table',
    enableKeyRotation: true,
    removalPolicy: RemovalPolicy.RETAIN,
  });

const writes: readonly TableAction[] = ['dynamodb:PutItem', 'dynamodb:UpdateItem', 'dynamodb:DeleteItem'];

/**
 * The table key actions a function with these table actions needs (as CDK's table grants give
 * them, without the wildcards): decrypting for every access, encrypting for writes. None without
 * table access.
 */
export const tableKeyActions = (tableActions: readonly TableAction[]): string[] => {
  if (tableActions.length === 0) return [];
  const actions = ['kms:Decrypt', 'kms:DescribeKey'];
  if (tableActions.some((action) => writes.includes(action)))
    actions.push('kms:Encrypt', 'kms:GenerateDataKey');
  return actions;
};

/** A statement for the table key usable only through DynamoDB in this stack's region. */
export const tableKeyStatement = (scope: Construct, key: Key, actions: readonly string[]): PolicyStatement =>
  new PolicyStatement({
    actions: [...actions],
    resources: [key.keyArn],
    conditions: { StringEquals: { 'kms:ViaService': `dynamodb.${Stack.of(scope).region}.amazonaws.com` } },
  });
