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
 * The stack with these context values, bundling off (the assertions read the template, not the
 * functions' code).
 */
export const synthStack = (context: Record<string, unknown> = {}): SynthesizedStack => {
  const app = new App({ context: { 'aws:cdk:bundling-stacks': [], ...context } });
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
