import type { Reporter, TestProject, TestSpecification } from 'vitest/node';
import { buildStackBundle } from './stack-bundle.ts';

/** A global setup module that can start its resource before its turn (once-per-run.ts: startEarly). */
interface PrestartingSetup {
  prestart?: (project: TestProject) => void;
}

export interface PrestartOptions {
  /** The projects whose files or setups start stacks in processes of their own: from a bundle. */
  stackProjects: string[];
}

/**
 * Bundles the stack for the run when a project of `stackProjects` runs (stack-bundle.ts), then
 * starts, as the run begins, what the global setups of the projects that have files in this run
 * start (DynamoDB Local, the shared stacks, the clock stacks), side by side: vitest runs the
 * projects' global setups one after another, and each would wait for its JVM or stack before the
 * next began. Each setup then takes its resource up (oncePerRun) as before, already starting or
 * started; a setup without `prestart` starts in its turn as usual. A reporter because its
 * onTestRunStart is where vitest names the run's files before any global setup runs; it reports
 * nothing.
 */
export default class PrestartReporter implements Reporter {
  constructor(private readonly options: PrestartOptions) {}

  async onTestRunStart(specifications: ReadonlyArray<TestSpecification>): Promise<void> {
    const projects = new Set(specifications.map((specification) => specification.project));
    if ([...projects].some((project) => this.options.stackProjects.includes(project.name)))
      await buildStackBundle();
    for (const project of projects)
      for (const file of project.config.globalSetup) {
        // The project's own module runner, which its setup is loaded by: the same module.
        const setup = (await project.import(file)) as PrestartingSetup;
        setup.prestart?.(project);
      }
  }
}
