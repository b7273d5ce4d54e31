import { type FunctionName, fallbackFunction, type Route, routeKey } from '@wattle/routes';
import { Validations } from 'aws-cdk-lib';
import { HttpApi, HttpMethod, HttpRoute, HttpRouteKey, type HttpStage } from 'aws-cdk-lib/aws-apigatewayv2';
import { HttpLambdaIntegration } from 'aws-cdk-lib/aws-apigatewayv2-integrations';
import type { IFunction } from 'aws-cdk-lib/aws-lambda';
import type { Construct } from 'constructs';
import { stageAccessLog } from './access-log.ts';

/** The two environments are the two stages of one API (docs/operations/deploying.md). */
export const stageNames = ['test', 'live'] as const;
export type StageName = (typeof stageNames)[number];

const throttle = { burstLimit: 200, rateLimit: 100 };

export interface ServiceApiProps {
  routes: readonly Route[];
  functions: Record<FunctionName, IFunction>;
}

export interface ServiceApi {
  api: HttpApi;
  stages: Record<StageName, HttpStage>;
}

/**
 * Why no route has an API Gateway authorizer (cdk-nag AwsSolutions-APIG4): Pin's API
 * authenticates each request by its key, in the function (the `authenticate` middleware: secret,
 * publishable or partner key, environment checked), and some routes take no key at all (the
 * 3-D Secure pages, the `$default` 404). An authorizer would read the key a second time.
 */
const noAuthorizer = {
  id: 'AwsSolutions-APIG4',
  reason:
    "Authentication is the function's: each request is checked by its Pin API key (secret, publishable or partner, and its environment) in the authenticate middleware; keyless routes (3-D Secure pages, the 404) are keyless in Pin too.",
};

/** A construct id may not hold `/`; the route key is otherwise a readable, unique id. */
const idOf = (route: Route): string => `Route ${routeKey(route).replaceAll('/', ' ')}`;

/**
 * The HTTP API: one route per entry of the route table, each to its function (one integration per
 * function), and `$default` to the fallback function so unknown paths get the service's own 404.
 */
export const createServiceApi = (scope: Construct, id: string, props: ServiceApiProps): ServiceApi => {
  const integrations = new Map<FunctionName, HttpLambdaIntegration>();
  const integrationOf = (fn: FunctionName): HttpLambdaIntegration => {
    let integration = integrations.get(fn);
    if (!integration) {
      integration = new HttpLambdaIntegration(`${fn}-integration`, props.functions[fn]);
      integrations.set(fn, integration);
    }
    return integration;
  };

  const api = new HttpApi(scope, id, {
    createDefaultStage: false,
    defaultIntegration: integrationOf(fallbackFunction),
  });
  // The `$default` route is the API's own child.
  Validations.of(api).acknowledge(noAuthorizer);
  for (const route of props.routes) {
    const made = new HttpRoute(scope, idOf(route), {
      httpApi: api,
      routeKey: HttpRouteKey.with(route.path, HttpMethod[route.method]),
      integration: integrationOf(route.fn),
    });
    Validations.of(made).acknowledge(noAuthorizer);
  }

  const stages = Object.fromEntries(
    stageNames.map((stageName) => [
      stageName,
      api.addStage(`${stageName}-stage`, {
        stageName,
        autoDeploy: true,
        throttle,
        accessLogSettings: stageAccessLog(scope, `${stageName}-stage-access-log`),
      }),
    ]),
  ) as Record<StageName, HttpStage>;
  return { api, stages };
};
