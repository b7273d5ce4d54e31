import { ApiMapping, DomainName, type HttpApi, type HttpStage } from 'aws-cdk-lib/aws-apigatewayv2';
import { Certificate } from 'aws-cdk-lib/aws-certificatemanager';
import type { Construct } from 'constructs';
import { type StageName, stageNames } from './api.ts';

/**
 * Custom domains from CDK context: `-c testDomain=… -c liveDomain=… -c certificateArn=…` (one ACM
 * certificate in the stack's region covering both names, e.g. a wildcard), or a certificate per
 * stage with `testCertificateArn` / `liveCertificateArn`. Each domain maps its whole host to its
 * stage, so `https://<domain>/1/...` is that environment's API.
 */
export interface StageDomain {
  domainName: string;
  certificateArn: string;
}

/** Reads the domains asked for; a domain without a certificate is a mistake caught at synth. */
export const stageDomainsFromContext = (scope: Construct): Partial<Record<StageName, StageDomain>> => {
  const context = (key: string): string | undefined => {
    const value: unknown = scope.node.tryGetContext(key);
    return typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined;
  };
  const domains: Partial<Record<StageName, StageDomain>> = {};
  for (const stage of stageNames) {
    const domainName = context(`${stage}Domain`);
    if (!domainName) continue;
    const certificateArn = context(`${stage}CertificateArn`) ?? context('certificateArn');
    if (!certificateArn) {
      throw new Error(
        `-c ${stage}Domain=${domainName} needs -c certificateArn=… (or -c ${stage}CertificateArn=…)`,
      );
    }
    domains[stage] = { domainName, certificateArn };
  }
  return domains;
};

export const addStageDomains = (
  scope: Construct,
  props: {
    api: HttpApi;
    stages: Record<StageName, HttpStage>;
    domains: Partial<Record<StageName, StageDomain>>;
  },
): Partial<Record<StageName, StageDomain & { resource: DomainName }>> => {
  const made: Partial<Record<StageName, StageDomain & { resource: DomainName }>> = {};
  for (const stage of stageNames) {
    const domain = props.domains[stage];
    if (!domain) continue;
    const id = `${stage[0]!.toUpperCase()}${stage.slice(1)}`;
    const domainName = new DomainName(scope, `${id}Domain`, {
      domainName: domain.domainName,
      certificate: Certificate.fromCertificateArn(scope, `${id}Certificate`, domain.certificateArn),
    });
    new ApiMapping(scope, `${id}DomainMapping`, { api: props.api, domainName, stage: props.stages[stage] });
    made[stage] = { ...domain, resource: domainName };
  }
  return made;
};
