import { relative } from 'node:path';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * About how long (s) the files that take longest ran in a whole `npm test` on a 2-core machine,
 * two files at a time: the order they start in when vitest has no timings of its own (a fresh
 * clone). A file missing here starts in vitest's order, after these; one whose time changes a lot
 * should be moved here, as a long file started last stretches the run by its length.
 */
const knownSeconds: Record<string, number> = {
  'test/e2e/subscriptions-over-time.test.ts': 57,
  'test/tooling/docs-examples.test.ts': 35,
  'test/clock/cli-trigger.test.ts': 28,
  // Split from local-newcomer (its restart) and local-stack (its kept stack): their two estimated.
  'test/e2e/local-kept-data.test.ts': 22,
  'test/e2e/local-newcomer.test.ts': 16,
  'test/e2e/live-on-adyen.test.ts': 17,
  'test/e2e/accounts-command.test.ts': 12,
  'test/clock/transfers.test.ts': 12,
  'test/e2e/local-console.test.ts': 12,
  'test/integration/stream-pipe-position.test.ts': 10,
  'test/e2e/webhooks.test.ts': 10,
  // About 170 recorded exchanges and their prerequisites on the memory engine, half on DynamoDB.
  'test/conformance/recorded-answers.test.ts': 10,
  'test/infra/production.test.ts': 7,
  'test/clock/disputes.test.ts': 7,
  'test/clock/webhook-retries.test.ts': 7,
  'test/e2e/file-downloads-over-time.test.ts': 7,
  'test/integration/billing-crash-at-each-write.test.ts': 6,
  'test/e2e/charges.test.ts': 6,
  'test/e2e/local-door.test.ts': 6,
  'test/integration/dynamodb-faults.test.ts': 6,
  'test/tooling/lambda-bundles.test.ts': 6,
  'test/infra/stack.test.ts': 5,
};

/** A file that takes this long or more starts before the others of its group, longest first. */
const longMs = 5_000;

/**
 * Vitest runs the projects of a group one after another in name order (a file of the next starts
 * as a worker frees), each project's files by their last time or, without one, their size. With two
 * workers, a long file that starts late holds the run up alone at its end: this starts the long
 * files of every project first, longest first (vitest's last time of a file, else knownSeconds),
 * and then the rest in vitest's order, so a project's short files still run in a row and share
 * their worker.
 */
export class LongestFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const root = this.ctx.config.root;
    const expectedMs = (spec: TestSpecification): number =>
      this.ctx.cache.getTestSpecificationResult(spec)?.duration ??
      (knownSeconds[relative(root, spec.moduleId)] ?? 0) * 1000;
    return sorted
      .map((spec, index) => ({ spec, index, ms: expectedMs(spec) }))
      .sort((a, b) => {
        const group = a.spec.project.config.sequence.groupOrder - b.spec.project.config.sequence.groupOrder;
        if (group !== 0) return group;
        const aLong = a.ms >= longMs;
        const bLong = b.ms >= longMs;
        if (aLong !== bLong) return aLong ? -1 : 1;
        return aLong ? b.ms - a.ms : a.index - b.index;
      })
      .map(({ spec }) => spec);
  }
}
