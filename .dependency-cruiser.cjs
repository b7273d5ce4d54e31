/**
 * The house rules (docs/contributing/architecture.md): which room may import which. `npm run deps` checks them
 * on every `npm test`; a violation fails the run with the offending import.
 *
 * Rooms: packages/domain (pure rules and shapes), packages/wire (Pin's wire format: schemas and presenters), packages/ports (the interfaces flows need),
 * packages/flows (every use case), packages/store (DynamoDB, implements the store ports), packages/memory-store
 * (the same ports in memory),
 * adapters (packages/processor, the connectors, packages/webhooks, packages/file-storage), packages/verify (the webhook check merchants use), packages/deadline (the
 * invocation's one deadline), packages/queue-messages (the event-source functions' messages decoded), packages/runtime (composition: builds the real adapters), packages/http (middy middlewares, validation, presenting), packages/routes (the route
 * table), packages/openapi (the OpenAPI document, generated), functions/* (Lambda handlers), infra (CDK),
 * tools (packages/local, packages/cli).
 */
const { readdirSync, readFileSync } = require('node:fs');

const workspace = '^(packages|functions)/';

/**
 * A function's OpenAPI operations (functions/<fn>/src/operations.ts), and the one module that
 * imports them all: the OpenAPI side's index, which `npm run registry` writes.
 */
const functionOperations = '^functions/[^/]+/src/operations\\.ts$';
const openapiIndex = '^packages/openapi/src/operations\\.generated\\.ts$';

/**
 * The connector packages: those whose package.json says `"wattle": { "connector": true }` (the one
 * registry, packages/runtime/src/connectors.ts, lists them; nothing here names one).
 */
const connectorPackages = readdirSync(`${__dirname}/packages`).filter((dir) => {
  try {
    return (
      JSON.parse(readFileSync(`${__dirname}/packages/${dir}/package.json`, 'utf8')).wattle?.connector === true
    );
  } catch {
    return false;
  }
});
const adapters = ['processor', ...connectorPackages, 'webhooks', 'file-storage'].join('|');

module.exports = {
  forbidden: [
    {
      name: 'domain-is-pure',
      comment: 'The domain imports nothing of ours and no library: no I/O, no framework.',
      severity: 'error',
      from: { path: '^packages/domain/' },
      to: { pathNot: '^packages/domain/' },
    },
    {
      name: 'wire-on-domain-only',
      comment:
        "Pin's wire format (the request and response schemas of every Pin object, and the presenters typed by them) is valibot over the domain's types: it knows no port, flow, store or function.",
      severity: 'error',
      from: { path: '^packages/wire/' },
      to: { path: workspace, pathNot: '^packages/(wire|domain)/' },
    },
    {
      name: 'ports-on-domain-only',
      comment: 'Ports are interfaces over domain types.',
      severity: 'error',
      from: { path: '^packages/ports/' },
      to: { pathNot: '^packages/(ports|domain)/' },
    },
    {
      name: 'flows-on-domain-and-ports-only',
      comment:
        "A flow depends on the domain and on narrow ports, never on an adapter, I/O or a framework; an event's data is the resource as Pin shows it, which @wattle/wire's presenters make.",
      severity: 'error',
      from: { path: '^packages/flows/' },
      to: { pathNot: '^packages/(flows|ports|domain|wire)/' },
    },
    {
      name: 'store-on-domain-and-ports-only',
      comment:
        'The store implements ports over DynamoDB (through the AWS SDK); it knows no flow, function or other adapter.',
      severity: 'error',
      from: { path: '^packages/store/' },
      to: { path: workspace, pathNot: '^packages/(store|ports|domain)/' },
    },
    {
      name: 'memory-store-on-domain-and-ports-only',
      comment:
        'The in-memory store implements the same ports as the DynamoDB store, in this process; it knows no flow, function, adapter or the DynamoDB store.',
      severity: 'error',
      from: { path: '^packages/memory-store/' },
      to: { path: workspace, pathNot: '^packages/(memory-store|ports|domain)/' },
    },
    {
      name: 'adapters-on-domain-and-ports-only',
      comment:
        "The processors (the simulator, each connector), the webhook sender and queue, and the file storage (S3 or a directory) implement ports (through the AWS SDK, or a processor's library); they know no flow, store or composition.",
      severity: 'error',
      from: { path: `^packages/(${adapters})/` },
      to: {
        path: workspace,
        pathNot: `^packages/(${adapters}|verify|ports|domain)/`,
      },
    },
    {
      name: 'queue-messages-decode-only',
      comment:
        "The event-source functions' messages are decoded by the adapter whose format they are (the store's stream records, the webhooks queue's bodies); this package only picks the decoder.",
      severity: 'error',
      from: { path: '^packages/queue-messages/' },
      to: { path: workspace, pathNot: '^packages/(queue-messages|store|webhooks|ports|domain)/' },
    },
    {
      name: 'verify-stands-alone',
      comment:
        "@wattle/verify-webhook is packed for merchants' own apps: it imports nothing of ours and no library, only Node's own modules.",
      severity: 'error',
      from: { path: '^packages/verify/' },
      to: { pathNot: '^packages/verify/', dependencyTypesNot: ['core'] },
    },
    {
      name: 'http-knows-no-adapter',
      comment:
        "The middlewares of packages/http work over ports, the domain, the wire format (@wattle/wire's request schemas), the route table and the invocation's deadline; a function's chain is given its dependencies by the composition, never builds them from the store or an adapter.",
      severity: 'error',
      from: { path: '^packages/http/' },
      to: { path: workspace, pathNot: '^packages/(http|wire|ports|domain|routes|deadline)/' },
    },
    {
      name: 'http-never-imports-runtime',
      comment:
        "The composition (runtime) builds what a function's chain is given; the chain's types are the ports' (BaseDeps) and its deadline is @wattle/deadline's, so http never reaches into the composition.",
      severity: 'error',
      from: { path: '^packages/http/' },
      to: { path: '^packages/runtime/' },
    },
    {
      name: 'deadline-stands-alone',
      comment: "The one deadline of the work in hand: Node's AsyncLocalStorage, nothing of ours.",
      severity: 'error',
      from: { path: '^packages/deadline/' },
      to: { path: workspace, pathNot: '^packages/deadline/' },
    },
    {
      name: 'functions-call-flows',
      comment:
        'A function validates, calls one flow and presents: it imports flows, http, the domain, the wire format (presenters), ports, the composition and the decoders of its messages (queue-messages), never the store or an adapter.',
      severity: 'error',
      from: { path: '^functions/', pathNot: functionOperations },
      to: {
        path: workspace,
        pathNot: '^(functions/|packages/(flows|http|domain|wire|ports|runtime|routes|queue-messages)/)',
      },
    },
    {
      name: 'function-operations-document-only',
      comment:
        "A function's operations.ts documents its routes for the OpenAPI document: @wattle/openapi's helpers and sample values, @wattle/wire's schemas and objects, nothing that runs.",
      severity: 'error',
      from: { path: functionOperations },
      to: {
        path: workspace,
        pathNot: '^packages/(openapi/src/(operation|request-examples)\\.ts$|wire/|domain/|routes/)',
      },
    },
    {
      name: 'functions-are-apart',
      comment: 'A function never imports another function.',
      severity: 'error',
      from: { path: '^functions/([^/]+)/' },
      to: { path: '^functions/', pathNot: '^functions/$1/' },
    },
    {
      name: 'nothing-imports-a-function',
      comment: 'Functions are entry points: the local stack loads them by path, nothing imports them.',
      severity: 'error',
      from: { pathNot: `^functions/|${openapiIndex}` },
      to: { path: '^functions/' },
    },
    {
      name: 'openapi-reads-operations-only',
      comment:
        "The OpenAPI side's generated index (npm run registry) imports each function's operations.ts, nothing else of a function.",
      severity: 'error',
      from: { path: openapiIndex },
      to: { path: '^functions/', pathNot: functionOperations },
    },
    {
      name: 'openapi-reads-schemas',
      comment:
        "The OpenAPI generator documents the route table with @wattle/wire's request schemas (the ones the handlers validate with) and response objects, and each function's operations.ts; it runs nothing.",
      severity: 'error',
      from: { path: '^packages/openapi/' },
      to: { path: workspace, pathNot: `^packages/(openapi|wire|domain|http|routes)/|${functionOperations}` },
    },
    {
      name: 'infra-on-routes-and-table-only',
      comment:
        'The CDK stack reads the route table, the table definition and the registry of connectors (which processor modules ship apart), nothing else of ours.',
      severity: 'error',
      from: { path: '^infra/' },
      to: {
        path: workspace,
        pathNot: '^packages/(routes/|store/src/kernel/table\\.ts$|runtime/src/connectors\\.ts$)',
      },
    },
    {
      name: 'no-circular',
      severity: 'error',
      from: {},
      to: { circular: true },
    },
  ],
  options: {
    // TypeScript 7 has no JavaScript API, so dependency-cruiser reads the sources with swc.
    parser: 'swc',
    tsConfig: { fileName: 'tsconfig.json' },
    doNotFollow: { path: 'node_modules' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'node', 'default'],
      extensions: ['.ts', '.js'],
    },
  },
};
