import { globalIndexes, tableKeys, ttlAttribute } from '@wattle/store/table';
import { RemovalPolicy } from 'aws-cdk-lib';
import {
  AttributeType,
  Billing,
  ProjectionType,
  StreamViewType,
  TableEncryptionV2,
  TableV2,
} from 'aws-cdk-lib/aws-dynamodb';
import type { IKey } from 'aws-cdk-lib/aws-kms';
import type { Construct } from 'constructs';

const stringKey = (name: string) => ({ name, type: AttributeType.STRING });

/**
 * The single table, from the definition in @wattle/store, encrypted with our own key. Kept on
 * stack deletion.
 */
export const createTable = (scope: Construct, id: string, props: { encryptionKey: IKey }): TableV2 =>
  new TableV2(scope, id, {
    partitionKey: stringKey(tableKeys.partitionKey),
    sortKey: stringKey(tableKeys.sortKey),
    globalSecondaryIndexes: globalIndexes.map((index) => ({
      indexName: index.name,
      partitionKey: stringKey(index.partitionKey),
      sortKey: stringKey(index.sortKey),
      projectionType: ProjectionType.ALL,
    })),
    timeToLiveAttribute: ttlAttribute,
    dynamoStream: StreamViewType.NEW_AND_OLD_IMAGES,
    billing: Billing.onDemand(),
    pointInTimeRecoverySpecification: { pointInTimeRecoveryEnabled: true },
    deletionProtection: true,
    removalPolicy: RemovalPolicy.RETAIN,
    encryption: TableEncryptionV2.customerManagedKey(props.encryptionKey),
  });
