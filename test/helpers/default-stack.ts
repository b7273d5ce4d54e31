import { App } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import { buildStack, type WattleStack } from '../../infra/stack.ts';

/** The account and region the infra tests synthesize for. */
export const testEnv = { account: '111111111111', region: 'ap-southeast-2' };

export interface SynthesizedStack {
  stack: WattleStack;
  template: Template;
}

/**
 * An App for the infra tests: bundling off (the assertions read the template, not the functions'
 * code), and CDK's built-in CloudFormation validation off. That validation (a WebAssembly rule
 * engine that aws-cdk-lib runs at every synthesis) only warns unless an app opts in, so no
 * assertion here reads it, and it was most of a synthesis's CPU: about 6 s to start its engine
 * in each worker and 1-5 s a template, where the synthesis itself takes 0.5 s once warm. The
 * deployed synthesis (`npm run synth`, `npm run deploy`, the rehearsal's `cdk synth`) still runs
 * it.
 */
export const testApp = (context: Record<string, unknown> = {}): App =>
  new App({
    context: { 'aws:cdk:bundling-stacks': [], ...context },
    builtinCloudFormationValidation: false,
  });

/** The stack with these context values, in a test App (testApp). */
export const synthStack = (context: Record<string, unknown> = {}): SynthesizedStack => {
  const app = testApp(context);
  const stack = buildStack(app, 'WattleTest', { env: testEnv });
  return { stack, template: Template.fromStack(stack) };
};

let shared: SynthesizedStack | undefined;

/**
 * The stack as deployed without any context, synthesized once per worker for every infra file that
 * reads it: they share one module graph (isolate: false), and a synthesis is seconds of CPU. For
 * reading only; a file that adds to the app (cdk-nag's checks) or needs context builds its own.
 */
export const defaultStack = (): SynthesizedStack => {
  shared ??= synthStack();
  return shared;
};
