import { describeAccounts } from './accounts.contract.ts';
import { describeApplePayDomains } from './apple-pay-domains.contract.ts';
import { describeCustomers } from './customers.contract.ts';
import { describeEvents } from './events.contract.ts';
import { describeFiles } from './files.contract.ts';
import { describeIdempotency } from './idempotency.contract.ts';
import { describeMoney } from './money.contract.ts';
import { describePayments } from './payments.contract.ts';
import { describePlans } from './plans.contract.ts';
import { describeProcessorNotifications } from './processor-notifications.contract.ts';
import { describeRecipients } from './recipients.contract.ts';
import { describeSchedule } from './schedule.contract.ts';
import { describeSingleUseTokens } from './single-use-tokens.contract.ts';
import type { Engine } from './subject.ts';
import { describeSubscriptions } from './subscriptions.contract.ts';
import { describeWebhooks } from './webhooks.contract.ts';

/**
 * The store's contract: every port's behaviour, written once, that each engine (the DynamoDB store
 * on DynamoDB Local, test/integration/store-contract.test.ts; the in-memory store,
 * test/unit/memory-store-contract.test.ts) must show alike.
 */
export const describeStoreContract = (engine: Engine): void => {
  describeAccounts(engine);
  describeApplePayDomains(engine);
  describeCustomers(engine);
  describeEvents(engine);
  describeFiles(engine);
  describeIdempotency(engine);
  describeMoney(engine);
  describePayments(engine);
  describePlans(engine);
  describeProcessorNotifications(engine);
  describeRecipients(engine);
  describeSchedule(engine);
  describeSingleUseTokens(engine);
  describeSubscriptions(engine);
  describeWebhooks(engine);
};
