/**
 * The rewrites the synthesized template needs before moto can deploy it, each as small as it can
 * be, and what each leaves unchecked (the rehearsal prints these).
 */

interface Resource {
  Type: string;
  Properties?: Record<string, unknown>;
  [key: string]: unknown;
}

export interface Template {
  Resources: Record<string, Resource>;
  [key: string]: unknown;
}

export interface StandIns {
  template: Template;
  /** One line per rewrite: what changed and what the rehearsal therefore does not check. */
  changes: string[];
}

/** The properties a global table's single replica holds that a plain table holds itself. */
const tableFromGlobalTable = (global: Record<string, unknown>): Record<string, unknown> => {
  const { Replicas, SSESpecification: _globalSse, ...shared } = global;
  const replica = ((Replicas as Record<string, unknown>[] | undefined) ?? [])[0] ?? {};
  const replicaSse = replica.SSESpecification as { KMSMasterKeyId?: unknown } | undefined;
  return {
    // Keys, attribute definitions, indexes, billing, stream and TTL are the same properties.
    ...shared,
    ...(replica.DeletionProtectionEnabled !== undefined
      ? { DeletionProtectionEnabled: replica.DeletionProtectionEnabled }
      : {}),
    ...(replica.PointInTimeRecoverySpecification
      ? { PointInTimeRecoverySpecification: replica.PointInTimeRecoverySpecification }
      : {}),
    ...(replicaSse?.KMSMasterKeyId
      ? { SSESpecification: { SSEEnabled: true, SSEType: 'KMS', KMSMasterKeyId: replicaSse.KMSMasterKeyId } }
      : {}),
  };
};

/**
 * moto has no AWS::DynamoDB::GlobalTable: a Table with the same keys, indexes, stream, TTL and key
 * stands in (same logical id, so every Ref and GetAtt still resolves). Lambda event source mappings
 * make moto start Docker to run the function: they go, and the rehearsal invokes the functions
 * itself as each mapping would.
 */
export const withStandIns = (synthesized: Template): StandIns => {
  const template = structuredClone(synthesized);
  const changes: string[] = [];
  for (const [id, resource] of Object.entries(template.Resources)) {
    if (resource.Type === 'AWS::DynamoDB::GlobalTable') {
      resource.Type = 'AWS::DynamoDB::Table';
      resource.Properties = tableFromGlobalTable(resource.Properties ?? {});
      changes.push(
        `${id}: AWS::DynamoDB::GlobalTable deployed as AWS::DynamoDB::Table (same keys, indexes, stream, TTL and key; replication, and moto's TTL and encryption, are not checked)`,
      );
    } else if (resource.Type === 'AWS::Lambda::EventSourceMapping') {
      delete template.Resources[id];
      changes.push(
        `${id}: event source mapping left out (moto would run the function in Docker); the rehearsal invokes the function with the batch the mapping would send, filters and batching not checked`,
      );
    }
  }
  return { template, changes };
};
