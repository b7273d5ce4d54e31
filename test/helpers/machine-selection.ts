import type { TestProjectInlineConfiguration } from 'vitest/config';
import { dynamoDbEngineProblems } from '../../packages/local/src/needs.mjs';
import { testStore } from './test-store.ts';

type Project = TestProjectInlineConfiguration & { test: { name: string } };

/** The global setup that starts DynamoDB Local for the projects' tables (one JVM per run). */
const dynamoDbLocalSetup = 'test/helpers/ddb-global-setup.ts';

export interface DynamoDbLocalUsers {
  /** The projects whose files or setups start stacks, each on its WATTLE_TEST_STORE engine. */
  stackProjects: string[];
  /** The projects whose files start the DynamoDB engine in a way of their own: what does. */
  ownDynamoDbEngine: Record<string, string>;
  /**
   * The projects with files that need no DynamoDB Local though the project starts it: those files
   * (they run without it), the others, and what the others take of it.
   */
  partly: Record<string, { without: string[]; others: string[]; take: string }>;
}

/**
 * What in `project` starts DynamoDB Local, or null: its global setup (the tables), its stacks on
 * the DynamoDB engine, or its files' own start of that engine.
 */
const startsDynamoDbLocal = (project: Project, users: DynamoDbLocalUsers): string | null => {
  const { name, globalSetup, env } = project.test;
  if ([globalSetup ?? []].flat().includes(dynamoDbLocalSetup))
    return 'its global setup starts DynamoDB Local for its tables';
  if (users.stackProjects.includes(name) && testStore(env) === 'dynamodb')
    return 'its stacks run on the DynamoDB engine';
  return users.ownDynamoDbEngine[name] ?? null;
};

/** The project's include patterns, none for a project without files in this run. */
const includes = (project: Project): string[] => project.test.include ?? [];

/**
 * The projects this machine runs, and the lines that say so: the one place that decides what runs
 * where the DynamoDB engine cannot (no Java 17, needs.mjs). There, every project that starts
 * DynamoDB Local is left out (kept with no files and no setup, so a `--project` naming it finds
 * nothing to run, and passes), or its files that take a table are, and a line names each project
 * left out, or its files, and why. Where the engine can run, nothing is left out, and a line names
 * the engine each project uses. In CI (CI set), which runs every project, a machine without the
 * engine is an error: the suite never passes there with a part of it quietly left out.
 */
export const selectForMachine = (
  projects: Project[],
  users: DynamoDbLocalUsers,
  env: NodeJS.ProcessEnv = process.env,
): { projects: Project[]; lines: string[] } => {
  const problems = dynamoDbEngineProblems();
  const uses = projects
    .filter((project) => includes(project).length > 0)
    .map((project) => ({ project, use: startsDynamoDbLocal(project, users) }));
  if (problems.length === 0) {
    const engineOf = ({ project, use }: (typeof uses)[number]) =>
      use !== null ? 'dynamodb' : users.stackProjects.includes(project.test.name) ? 'memory' : 'none';
    const on = (engine: string) =>
      uses
        .filter((used) => engineOf(used) === engine)
        .map(({ project }) => project.test.name)
        .join(', ') || 'none';
    return {
      projects,
      lines: [
        `Test engines, nothing left out: DynamoDB Local for ${on('dynamodb')}; the memory engine for ${on('memory')}; no store engine for ${on('none')}.`,
      ],
    };
  }
  const why = problems.join(' ');
  if (env.CI)
    throw new Error(
      `CI runs every project, and what starts DynamoDB Local cannot run on this machine: ${why} (the selection leaves projects out only outside CI).`,
    );
  const lines = [`No DynamoDB Local on this machine, so this run leaves out what starts it: ${why}`];
  const selected = projects.map((project) => {
    const use = uses.find((used) => used.project === project)?.use;
    if (!use) return project;
    const name = project.test.name;
    const part = users.partly[name];
    if (part) {
      const named = part.others.map((file) => file.replace(/^test\/[^/]+\//, '')).join(', ');
      lines.push(
        `  left out of project ${name}, as they ${part.take} (its ${part.without.length} other files run): ${named}`,
      );
      return { ...project, test: { ...project.test, include: part.without, globalSetup: [] } };
    }
    lines.push(`  left out: project ${name} (${use})`);
    return { ...project, test: { ...project.test, include: [], globalSetup: [] } };
  });
  return { projects: selected, lines };
};
