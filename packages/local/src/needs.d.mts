/** The problem with Node `version` for `needer` (default: the DynamoDB engine), or null (needs.mjs). */
export declare const sqliteProblem: (version: string, needer?: string) => string | null;
/** The problem with the Java that `java -version` printed (null: it did not run), or null. */
export declare const javaProblem: (output: string | null) => string | null;
/** What `java -version` printed, or null when there is no java to run. */
export declare const javaVersionOutput: () => string | null;
/** The problem with the engine's packages that `missing` names, or null. */
export declare const packagesProblem: (missing: string[]) => string | null;
/** The engine's packages that cannot be resolved from here. */
export declare const missingPackages: () => string[];
/** What the DynamoDB engine lacks on this machine, each in a sentence (none: it can start). */
export declare const dynamoDbEngineProblems: (needer?: string) => string[];
