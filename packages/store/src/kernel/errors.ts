/** Root of the store's errors: infrastructure outcomes the callers map to Pin errors. */
export class StoreError extends Error {
  constructor(message: string, options?: ErrorOptions) {
    super(message, options);
    this.name = 'StoreError';
  }
}

/** A condition of a write failed: `label` names which item's condition, `item` is what it found. */
export class ConditionFailedError extends StoreError {
  readonly label: string;
  readonly item: Record<string, unknown> | undefined;
  constructor(label: string, item: Record<string, unknown> | undefined, options?: ErrorOptions) {
    super(`The condition on ${label} failed`, options);
    this.name = 'ConditionFailedError';
    this.label = label;
    this.item = item;
  }
}
