/**
 * A record's copy, into or out of the world, so that no caller shares the world's objects: through
 * its JSON, as a table item's attributes are (undefined fields are left out, as the DynamoDB
 * store's client leaves them out), and twice as fast as structuredClone for these small objects.
 */
export const copy = <T>(value: T): T => JSON.parse(JSON.stringify(value)) as T;
