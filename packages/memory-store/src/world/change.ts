/** A condition with no refusal of its port failed: a bug of the caller, as on the DynamoDB store. */
export class ConditionFailed extends Error {
  constructor(readonly label: string) {
    super(`The condition on ${label} failed`);
    this.name = 'ConditionFailed';
  }
}

/**
 * One state change, as a DynamoDB transaction is one: its conditions are tested in the order they
 * were added, all against the state before any of its writes (the first that fails throws its
 * refusal and nothing is written), then its writes run in order. Nothing awaits in between, so
 * of racing changes exactly one sees the state the other left.
 */
export class Change {
  private readonly checks: { holds: () => boolean; refusal: () => Error }[] = [];
  private readonly writes: (() => void)[] = [];

  /** A condition that must hold; `refusal` is what its failure throws (default: ConditionFailed). */
  check(holds: () => boolean, refusal: (() => Error) | string): this {
    this.checks.push({
      holds,
      refusal: typeof refusal === 'string' ? () => new ConditionFailed(refusal) : refusal,
    });
    return this;
  }

  write(write: () => void): this {
    this.writes.push(write);
    return this;
  }

  commit(): void {
    for (const { holds, refusal } of this.checks) if (!holds()) throw refusal();
    for (const write of this.writes) write();
  }
}
