import { AccessLogFormat } from 'aws-cdk-lib/aws-apigateway';
import { type IAccessLogSettings, LogGroupLogDestination } from 'aws-cdk-lib/aws-apigatewayv2';
import { LogGroup, RetentionDays } from 'aws-cdk-lib/aws-logs';
import type { Construct } from 'constructs';

/**
 * One JSON line per request a stage answered: who asked what, when, and how it went, with API
 * Gateway's request id to find the function's own log line. Only what API Gateway itself knows
 * about the request: never a header (the key travels in Authorization), the query string (a 3-D
 * Secure session token) or the body (card numbers).
 */
export const accessLogFields = {
  requestId: '$context.requestId',
  requestTime: '$context.requestTimeEpoch',
  httpMethod: '$context.httpMethod',
  routeKey: '$context.routeKey',
  path: '$context.path',
  status: '$context.status',
  protocol: '$context.protocol',
  responseLength: '$context.responseLength',
  responseLatency: '$context.responseLatency',
  integrationLatency: '$context.integrationLatency',
  integrationStatus: '$context.integrationStatus',
  integrationError: '$context.integrationErrorMessage',
  sourceIp: '$context.identity.sourceIp',
  userAgent: '$context.identity.userAgent',
} as const;

/** A stage's access log settings, to a log group of its own kept as long as the functions' logs. */
export const stageAccessLog = (scope: Construct, id: string): IAccessLogSettings => ({
  destination: new LogGroupLogDestination(new LogGroup(scope, id, { retention: RetentionDays.ONE_MONTH })),
  format: AccessLogFormat.custom(JSON.stringify(accessLogFields)),
});
