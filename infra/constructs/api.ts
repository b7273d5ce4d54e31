import { type FunctionName, fallbackFunction, type Route, routeKey } from '@wattle/routes';
import { HttpApi, HttpMethod, HttpRoute, HttpRouteKey, type HttpStage } from 'aws-cdk-lib/aws-apigatewayv2';
import { HttpLambdaIntegration } from 'aws-cdk-lib/aws-apigatewayv2-integrations';
import type { IFunction } from 'aws-cdk-lib/aws-lambda';
import type { Construct } from 'constructs';

/** The two environments are the two stages of one API (ARCHITECTURE.md §2). */
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
  for (const route of props.routes) {
    new HttpRoute(scope, idOf(route), {
      httpApi: api,
      routeKey: HttpRouteKey.with(route.path, HttpMethod[route.method]),
      integration: integrationOf(route.fn),
    });
  }

  const stages = Object.fromEntries(
    stageNames.map((stageName) => [
      stageName,
      api.addStage(`${stageName}-stage`, { stageName, autoDeploy: true, throttle }),
    ]),
  ) as Record<StageName, HttpStage>;
  return { api, stages };
};
