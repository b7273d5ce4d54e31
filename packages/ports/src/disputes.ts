import type { Dispute, Payment, Scope, WattleEvent } from '@wattle/domain';
import type { ScheduledJob } from './schedule.ts';

/** The writes that go with a dispute's step, in the same transaction. */
export interface DisputeStepWrites {
  /** The event of the step (none for saving evidence). */
  event?: WattleEvent;
  /** The scheduler's job this step is the work of: JobTaken when another run claimed it. */
  claim?: ScheduledJob;
  /** The issuer's next moves, due later. */
  schedule?: ScheduledJob[];
  /** Jobs made moot by the step (the evidence deadline once evidence is in), by kind. */
  cancel?: string[];
  /** The disputed amount back in the balance (a closing the merchant wins). */
  giveBack?: boolean;
  /**
   * The uploaded files of the evidence submitted by this step, marked as in submitted evidence
   * (no longer deletable); Missing (the file) when one is not the merchant's.
   */
  files?: string[];
}

/** Disputes (chargebacks), the charge's side of them and their money. */
export interface DisputesStore {
  get(scope: Scope, disputeToken: string): Promise<Dispute | null>;
  /** The merchant's disputes, newest first, at most `limit` (lists sort and filter them in full). */
  all(scope: Scope, limit: number): Promise<Dispute[]>;
  /** How many disputes the merchant has (HEAD /disputes, `pagination.count`). */
  count(scope: Scope): Promise<number>;
  /**
   * The dispute the issuer opens on `charge`, in the transaction claiming the opening job `claim`
   * (none when a processor's chargeback notification opens it):
   * the charge marked disputed (no more refunds), the amount and `fee` debited from the balance
   * unguarded (the issuer took the money: the balance may go below zero), the issuer's next jobs
   * and the event. Throws JobTaken when another run claimed the job, Changed (the charge) when a
   * refund or another dispute changed the charge since it was read.
   */
  open(
    scope: Scope,
    dispute: Dispute,
    charge: Payment,
    writes: DisputeStepWrites & { claim?: ScheduledJob | undefined; event: WattleEvent },
    now: Date,
  ): Promise<void>;
  /**
   * The dispute's next step, written under the version `read` was read at (Changed, the dispute,
   * when another step came first), with the charge's open flag and whatever `writes` holds.
   */
  step(scope: Scope, read: Dispute, next: Dispute, writes: DisputeStepWrites, now: Date): Promise<void>;
}
