import { describe, expect, it } from 'vitest';
import { standInApiEndpoint, withStandIns } from '../deploy/stand-ins.ts';

const keyArn = { 'Fn::GetAtt': ['TableKey', 'Arn'] };

const synthesized = () => ({
  Resources: {
    Table: {
      Type: 'AWS::DynamoDB::GlobalTable',
      Properties: {
        AttributeDefinitions: [{ AttributeName: 'pk', AttributeType: 'S' }],
        KeySchema: [{ AttributeName: 'pk', KeyType: 'HASH' }],
        BillingMode: 'PAY_PER_REQUEST',
        GlobalSecondaryIndexes: [{ IndexName: 'gsi1', KeySchema: [], Projection: { ProjectionType: 'ALL' } }],
        StreamSpecification: { StreamViewType: 'NEW_AND_OLD_IMAGES' },
        TimeToLiveSpecification: { AttributeName: 'expiresAt', Enabled: true },
        SSESpecification: { SSEEnabled: true, SSEType: 'KMS' },
        Replicas: [
          {
            Region: 'ap-southeast-2',
            DeletionProtectionEnabled: true,
            PointInTimeRecoverySpecification: { PointInTimeRecoveryEnabled: true },
            SSESpecification: { KMSMasterKeyId: keyArn },
          },
        ],
      },
    },
    Delivery: { Type: 'AWS::Lambda::EventSourceMapping', Properties: {} },
    Queue: { Type: 'AWS::SQS::Queue', Properties: { VisibilityTimeout: 60 } },
  },
});

describe("the rehearsal's stand-ins for what moto cannot deploy", () => {
  it('deploys the global table as a table with the same keys, indexes, stream, TTL and key', () => {
    const { template } = withStandIns(synthesized());
    expect(template.Resources.Table).toEqual({
      Type: 'AWS::DynamoDB::Table',
      Properties: {
        AttributeDefinitions: [{ AttributeName: 'pk', AttributeType: 'S' }],
        KeySchema: [{ AttributeName: 'pk', KeyType: 'HASH' }],
        BillingMode: 'PAY_PER_REQUEST',
        GlobalSecondaryIndexes: [{ IndexName: 'gsi1', KeySchema: [], Projection: { ProjectionType: 'ALL' } }],
        StreamSpecification: { StreamViewType: 'NEW_AND_OLD_IMAGES' },
        TimeToLiveSpecification: { AttributeName: 'expiresAt', Enabled: true },
        DeletionProtectionEnabled: true,
        PointInTimeRecoverySpecification: { PointInTimeRecoveryEnabled: true },
        SSESpecification: { SSEEnabled: true, SSEType: 'KMS', KMSMasterKeyId: keyArn },
      },
    });
  });

  it('leaves out event source mappings, changes nothing else, and says what it did', () => {
    const original = synthesized();
    const { template, changes } = withStandIns(original);
    expect(Object.keys(template.Resources)).toEqual(['Table', 'Queue']);
    expect(template.Resources.Queue).toEqual(original.Resources.Queue);
    expect(original.Resources.Table.Type).toBe('AWS::DynamoDB::GlobalTable');
    expect(changes).toHaveLength(2);
    expect(changes[1]).toContain('Delivery: event source mapping left out');
  });

  it("puts a stand-in address where a resource reads an HTTP API's endpoint, which moto cannot resolve", () => {
    const endpoint = { 'Fn::GetAtt': ['Api', 'ApiEndpoint'] };
    const { template, changes } = withStandIns({
      Resources: {
        Api: { Type: 'AWS::ApiGatewayV2::Api', Properties: { ProtocolType: 'HTTP' } },
        Fn: {
          Type: 'AWS::Lambda::Function',
          Properties: {
            Environment: { Variables: { BASE: { 'Fn::Join': ['', [endpoint, '/test']] } } },
            Role: { 'Fn::GetAtt': ['Role', 'Arn'] },
          },
        },
      },
    });
    expect(template.Resources.Fn?.Properties).toEqual({
      Environment: { Variables: { BASE: { 'Fn::Join': ['', [standInApiEndpoint('Api'), '/test']] } } },
      Role: { 'Fn::GetAtt': ['Role', 'Arn'] },
    });
    expect(template.Resources.Api?.Type).toBe('AWS::ApiGatewayV2::Api');
    expect(changes).toEqual([expect.stringContaining('Api: its ApiEndpoint')]);
  });

  it("leaves out the processor's secret, which the rehearsal makes itself, its ARN standing in for every Ref", () => {
    const arn = 'arn:aws:secretsmanager:ap-southeast-2:123456789012:secret:WattleProcessorSecret-AbCdEf';
    const { template, changes } = withStandIns(
      {
        Resources: {
          ProcessorSecret: { Type: 'AWS::SecretsManager::Secret', Properties: {} },
          Policy: {
            Type: 'AWS::IAM::Policy',
            Properties: { PolicyDocument: { Statement: [{ Resource: { Ref: 'ProcessorSecret' } }] } },
          },
          Fn: {
            Type: 'AWS::Lambda::Function',
            Properties: {
              Environment: { Variables: { SECRET: { Ref: 'ProcessorSecret' }, OTHER: { Ref: 'Queue' } } },
            },
          },
        },
        Outputs: { ProcessorSecretArn: { Value: { Ref: 'ProcessorSecret' } } },
      },
      { ProcessorSecret: arn },
    );
    expect(Object.keys(template.Resources)).toEqual(['Policy', 'Fn']);
    expect(template.Resources.Policy?.Properties).toEqual({
      PolicyDocument: { Statement: [{ Resource: arn }] },
    });
    expect(template.Resources.Fn?.Properties).toEqual({
      Environment: { Variables: { SECRET: arn, OTHER: { Ref: 'Queue' } } },
    });
    expect(template.Outputs).toEqual({ ProcessorSecretArn: { Value: arn } });
    expect(changes).toEqual([expect.stringContaining('ProcessorSecret: made by the rehearsal')]);
  });
});
