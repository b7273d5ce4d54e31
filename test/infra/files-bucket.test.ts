import { fileRetentionDays } from '@wattle/domain';
import { type FunctionName, functionNames } from '@wattle/routes';
import type { CfnElement } from 'aws-cdk-lib';
import type { Template } from 'aws-cdk-lib/assertions';
import { beforeAll, describe, expect, it } from 'vitest';
import { fileObjectRetentionDays } from '../../infra/constructs/files-bucket.ts';
import type { WattleStack } from '../../infra/stack.ts';
import { defaultStack } from '../helpers/default-stack.ts';

interface Resource {
  Type: string;
  Properties: Record<string, unknown>;
  DeletionPolicy?: string;
}
interface Statement {
  Effect: string;
  Action: string | string[];
  Resource?: unknown;
  Condition?: unknown;
}

let stack: WattleStack;
let template: Template;
let bucketId: string;

const of = (type: string): Record<string, Resource> =>
  template.findResources(type) as Record<string, Resource>;
const idOf = (element: CfnElement): string => stack.resolve(element.logicalId) as string;
const actions = (statement: Statement): string[] =>
  Array.isArray(statement.Action) ? statement.Action : [statement.Action];

/** The statements of a function's role policy. */
const statementsOf = (fn: FunctionName): Statement[] => {
  const roleId = idOf(stack.functions[fn].role!.node.defaultChild as CfnElement);
  return Object.values(of('AWS::IAM::Policy'))
    .filter((policy) => (policy.Properties.Roles as { Ref: string }[]).some((role) => role.Ref === roleId))
    .flatMap((policy) => (policy.Properties.PolicyDocument as { Statement: Statement[] }).Statement);
};

beforeAll(() => {
  ({ stack, template } = defaultStack());
  bucketId = idOf(stack.filesBucket.node.defaultChild as CfnElement);
});

describe('the files bucket', () => {
  it('is encrypted, never public, kept when the stack goes, and expires objects after the retention', () => {
    const bucket = of('AWS::S3::Bucket')[bucketId]!;
    expect(bucket.DeletionPolicy).toBe('Retain');
    expect(bucket.Properties.BucketEncryption).toEqual({
      ServerSideEncryptionConfiguration: [{ ServerSideEncryptionByDefault: { SSEAlgorithm: 'AES256' } }],
    });
    expect(bucket.Properties.PublicAccessBlockConfiguration).toEqual({
      BlockPublicAcls: true,
      BlockPublicPolicy: true,
      IgnorePublicAcls: true,
      RestrictPublicBuckets: true,
    });
    const rules = (bucket.Properties.LifecycleConfiguration as { Rules: Record<string, unknown>[] }).Rules;
    expect(rules).toContainEqual(
      expect.objectContaining({ ExpirationInDays: fileObjectRetentionDays, Status: 'Enabled' }),
    );
  });

  it("keeps the bytes a day past the files' retention, so a file that still shows still downloads", () => {
    expect(fileObjectRetentionDays).toBe(fileRetentionDays + 1);
  });

  it('refuses every request without TLS', () => {
    const policy = Object.values(of('AWS::S3::BucketPolicy')).find(
      (p) => (p.Properties.Bucket as { Ref: string }).Ref === bucketId,
    )!;
    const statements = (policy.Properties.PolicyDocument as { Statement: Statement[] }).Statement;
    expect(statements).toContainEqual(
      expect.objectContaining({
        Effect: 'Deny',
        Action: 's3:*',
        Condition: { Bool: { 'aws:SecureTransport': 'false' } },
      }),
    );
  });

  it('is reached by the files function alone, with object actions only, and named in its environment', () => {
    for (const fn of functionNames) {
      const s3 = statementsOf(fn).filter((statement) => actions(statement).some((a) => a.startsWith('s3:')));
      if (fn !== 'files') {
        expect(s3, fn).toEqual([]);
        continue;
      }
      expect(s3.flatMap(actions).sort()).toEqual(['s3:DeleteObject', 's3:GetObject', 's3:PutObject']);
      expect(JSON.stringify(s3.map((statement) => statement.Resource))).toContain(bucketId);
    }
    const files = of('AWS::Lambda::Function')[idOf(stack.functions.files.node.defaultChild as CfnElement)]!;
    const variables = (files.Properties.Environment as { Variables: Record<string, unknown> }).Variables;
    expect(variables.WATTLE_FILES_BUCKET).toEqual({ Ref: bucketId });
  });
});
