import type { ProcessorNotification } from '@wattle/domain';
import type { ScheduledJob, ScheduleStore } from '@wattle/ports';
import { type ApplyNotificationDeps, applyProcessorNotification } from './apply-processor-notification.ts';

export interface ApplySettlementDeps extends ApplyNotificationDeps {
  schedule: Pick<ScheduleStore, 'drop'>;
}

/**
 * The processor-settlement job: the notification a processor that sends none (the simulator) gave
 * with its pending capture, void or refund (settlementJobOf keeps it in the job), applied at the
 * job's time as a delivered one is (applyProcessorNotification: conditioned on the state it
 * changes, so a second run changes nothing), then the job claimed (JobTaken when another run
 * took it). What it settles is in the job's environment: the processor's own, never a webhook's.
 */
export const applyProcessorSettlement = async (
  deps: ApplySettlementDeps,
  job: ScheduledJob,
): Promise<void> => {
  const given = job.data?.notification as Omit<ProcessorNotification, 'occurredAt'> | undefined;
  if (given) {
    const notification: ProcessorNotification = { ...given, occurredAt: deps.clock.now().toISOString() };
    await applyProcessorNotification(deps, job.scope.environment, notification);
  }
  await deps.schedule.drop(job);
};
