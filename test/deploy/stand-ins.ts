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

/** `{ "Ref": id }` anywhere in `value` replaced by `by`. */
const withRef = (value: unknown, id: string, by: string): unknown => {
  if (Array.isArray(value)) return value.map((item) => withRef(item, id, by));
  if (value === null || typeof value !== 'object') return value;
  if ((value as { Ref?: unknown }).Ref === id) return by;
  return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, withRef(item, id, by)]));
};

/** The address an unmodelled HTTP API's endpoint stands at in the rehearsal (never called). */
export const standInApiEndpoint = (id: string): string =>
  `https://${id.toLowerCase()}.execute-api.rehearsal.invalid`;

/**
 * `{ "Fn::GetAtt": [api, "ApiEndpoint"] }` anywhere in `value`, where `api` is an HTTP API that moto
 * accepts but does not create (so the attribute cannot resolve), replaced by its stand-in address.
 */
const withApiEndpoints = (value: unknown, apis: Set<string>, replaced: Set<string>): unknown => {
  if (Array.isArray(value)) return value.map((item) => withApiEndpoints(item, apis, replaced));
  if (value === null || typeof value !== 'object') return value;
  const getAtt = (value as { 'Fn::GetAtt'?: unknown })['Fn::GetAtt'];
  if (Array.isArray(getAtt) && getAtt[1] === 'ApiEndpoint' && apis.has(getAtt[0] as string)) {
    replaced.add(getAtt[0] as string);
    return standInApiEndpoint(getAtt[0] as string);
  }
  return Object.fromEntries(
    Object.entries(value).map(([key, item]) => [key, withApiEndpoints(item, apis, replaced)]),
  );
};

/**
 * moto has no AWS::DynamoDB::GlobalTable: a Table with the same keys, indexes, stream, TTL and key
 * stands in (same logical id, so every Ref and GetAtt still resolves). Lambda event source mappings
 * make moto start Docker to run the function: they go, and the rehearsal invokes the functions
 * itself as each mapping would.
 */
export const withStandIns = (synthesized: Template, secretArns: Record<string, string> = {}): StandIns => {
  const template = structuredClone(synthesized);
  const changes: string[] = [];
  // moto's CloudFormation has no AWS::SecretsManager::Secret: the rehearsal makes each secret itself
  // (secretArns, by logical id), and its ARN stands in for the resource's Ref (the grants, the
  // functions' variable).
  for (const [id, resource] of Object.entries(template.Resources)) {
    const secretArn = secretArns[id];
    if (resource.Type !== 'AWS::SecretsManager::Secret' || !secretArn) continue;
    delete template.Resources[id];
    template.Resources = withRef(template.Resources, id, secretArn) as Template['Resources'];
    template.Outputs = withRef(template.Outputs, id, secretArn);
    changes.push(
      `${id}: made by the rehearsal with Secrets Manager's API (moto's CloudFormation has no secrets); its ARN stands in for its Ref; its description and retention are not checked`,
    );
  }
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
  // moto accepts API Gateway v2 but creates nothing, so an ApiEndpoint read in a resource (the
  // functions' public base URLs) cannot resolve: a stand-in address takes its place.
  const apis = new Set(
    Object.entries(template.Resources)
      .filter(([, resource]) => resource.Type === 'AWS::ApiGatewayV2::Api')
      .map(([id]) => id),
  );
  const replaced = new Set<string>();
  template.Resources = withApiEndpoints(template.Resources, apis, replaced) as Template['Resources'];
  for (const id of replaced) {
    changes.push(
      `${id}: its ApiEndpoint, read by the functions' environment, stands at ${standInApiEndpoint(id)} (moto does not create API Gateway v2 APIs; the links the functions build are not followed)`,
    );
  }
  return { template, changes };
};
