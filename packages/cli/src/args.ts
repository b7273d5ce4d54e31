import { parseArgs } from 'node:util';
import { didYouMean } from './suggest.ts';

/** The account commands' help, by command word. */
export const accountCommandUsage: Record<'accounts' | 'merchants' | 'customers' | 'migrate', string> = {
  accounts: `Usage: npm run wattle -- accounts create --name NAME [options]

Creates a merchant account (test and live secret and publishable keys) or, with --partner, a
partner account (a partner key), and prints the keys once: only their hashes are stored.

Options:
  --name NAME            account name (required)
  --email EMAIL          contact e-mail (default: none@example.com)
  --partner              create a partner account instead of a merchant
  --referred-by ACCOUNT  the partner account (acct_...) that referred this merchant
  --bank-account-name NAME, --bank-account-bsb BSB, --bank-account-number NUMBER
                         the merchant's own bank account, where transfers to recipient=self
                         go (all three, or none: then recipient=self is refused)
  --deposits             a merchant paid out by daily deposits into its bank account
                         (transfers_enabled false; needs the bank account)
  --table TABLE          write to this DynamoDB table (a deployed stack; AWS credentials and
                         region from the environment). Also WATTLE_TABLE_NAME.
  --endpoint URL         DynamoDB endpoint for --table (e.g. a DynamoDB Local: AWS_ACCESS_KEY_ID
                         then names the database, the access key the local stack prints)
  --json                 print JSON instead of a readable block`,
  merchants: `Usage: npm run wattle -- merchants activate|decline|hold MERCHANT_TOKEN [--table TABLE] [--endpoint URL] [--json]

merchants activate approves a partner-referred merchant (mrch_...): its live keys start to work;
merchants decline refuses one (pending or on hold), merchants hold puts a pending one on hold
(sub_merchant_application.declined / .on_hold; its live keys stay suspended).

       npm run wattle -- merchants routing show MERCHANT [--table TABLE] [--endpoint URL]
       npm run wattle -- merchants routing set MERCHANT --file ROUTING.json [--table TABLE --accounts NAME,NAME]
       npm run wattle -- merchants routing clear MERCHANT [--table TABLE]

merchants routing sets which processor accounts a merchant's live payments go to (MERCHANT: its
account, acct_..., or a partner-referred merchant's token, mrch_...): ordered rules on currency,
card scheme, issuing country, amount range and 3-D Secure, each naming accounts to try in order
(docs/operations/processors.md). show prints it as JSON (the form set reads), clear removes it
(the deployment's live default again). With --table, --accounts names the deployment's processor
accounts, which the rules are checked against; the local stack checks them against its own.`,
  customers: `Usage: npm run wattle -- customers backfill-card-owners --table TABLE [--endpoint URL] [--json]

customers backfill-card-owners writes the owner record of every stored card of customers created
before a card could be charged by its token alone, so their card tokens can be; it is safe to run
while the API serves, and again. It is migration 2 (card-owners), which a deployment and the
local stack's start run once; this command runs its visits over the whole table again.`,
  migrate: `Usage: npm run wattle -- migrate status|run [--table TABLE] [--endpoint URL] [--json]
       npm run wattle -- migrate rollback --to VERSION --table TABLE [--endpoint URL] [--json]

migrate status prints the table's data version and where each migration stands (pending,
running with its progress, or done); migrate run runs those pending, in order, each from where it
stopped; migrate rollback undoes those above VERSION, the latest first (once the release that
reads that version's form is deployed). A deployment runs them itself (its migrations function), and the local stack on every
start; run them by hand before a deploy on a large table, or to resume one that stopped
(docs/operations/runbook.md).`,
};

const localNote = `Without --table the command talks to the running local stack (npm start), found through
\${WATTLE_DATA_DIR:-.wattle}/local.json.`;

/** The help of one account command, with where it goes. */
export const accountCommandHelp = (word: keyof typeof accountCommandUsage): string =>
  `${accountCommandUsage[word]}\n\n${localNote}`;

export const usage = `${Object.values(accountCommandUsage).join('\n\n')}\n\n${localNote}`;

export interface MerchantDecisionArgs {
  command: 'merchant-decision';
  decision: 'activate' | 'decline' | 'hold';
  merchantToken: string;
  table: string | null;
  endpoint: string | null;
  json: boolean;
}

export interface MerchantRoutingArgs {
  command: 'merchant-routing';
  action: 'show' | 'set' | 'clear';
  /** acct_... or mrch_... */
  merchant: string;
  /** set: the routing's JSON file. */
  file: string | null;
  /** set with --table: the deployment's processor accounts. */
  accounts: string[] | null;
  table: string | null;
  endpoint: string | null;
}

export interface BackfillCardOwnersArgs {
  command: 'backfill-card-owners';
  table: string;
  endpoint: string | null;
  json: boolean;
}

export interface MigrateArgs {
  command: 'migrate';
  action: 'status' | 'run' | 'rollback';
  /** The version a rollback goes back to. */
  to: number | null;
  table: string | null;
  endpoint: string | null;
  json: boolean;
}

export interface CreateAccountArgs {
  command: 'create-account';
  name: string;
  email: string;
  partner: boolean;
  referredBy: string | null;
  /** As given: checked as POST /bank_accounts checks it, by whichever target makes the account. */
  bankAccount: { name: string; bsb: string; number: string } | null;
  /** A merchant paid out by daily deposits (transfers_enabled false) rather than by transfers. */
  deposits: boolean;
  table: string | null;
  endpoint: string | null;
  json: boolean;
}

/** The command line as a request, or an error message for the user. */
export const parseCommandLine = (
  argv: string[],
  env: NodeJS.ProcessEnv,
):
  | CreateAccountArgs
  | MerchantDecisionArgs
  | MerchantRoutingArgs
  | BackfillCardOwnersArgs
  | MigrateArgs
  | string => {
  let parsed: ReturnType<typeof parseArgs>;
  try {
    parsed = parseArgs({
      args: argv,
      allowPositionals: true,
      options: {
        name: { type: 'string' },
        email: { type: 'string' },
        partner: { type: 'boolean', default: false },
        'referred-by': { type: 'string' },
        'bank-account-name': { type: 'string' },
        'bank-account-bsb': { type: 'string' },
        'bank-account-number': { type: 'string' },
        deposits: { type: 'boolean', default: false },
        table: { type: 'string' },
        endpoint: { type: 'string' },
        to: { type: 'string' },
        file: { type: 'string' },
        accounts: { type: 'string' },
        json: { type: 'boolean', default: false },
        help: { type: 'boolean', default: false },
      },
    });
  } catch (error) {
    return (error as Error).message;
  }
  const { values, positionals } = parsed;
  const table = typeof values.table === 'string' ? values.table : env.WATTLE_TABLE_NAME || null;
  const endpoint = typeof values.endpoint === 'string' ? values.endpoint : null;
  const decision = positionals[1];
  if (
    !values.help &&
    positionals[0] === 'merchants' &&
    (decision === 'activate' || decision === 'decline' || decision === 'hold')
  ) {
    const merchantToken = positionals[2] ?? '';
    if (!/^mrch_[\w-]+$/.test(merchantToken))
      return `merchants ${decision} needs a merchant token (mrch_...)`;
    return {
      command: 'merchant-decision',
      decision,
      merchantToken,
      table,
      endpoint,
      json: values.json === true,
    };
  }
  if (!values.help && positionals[0] === 'merchants' && decision === 'routing') {
    const action = positionals[2];
    const merchant = positionals[3] ?? '';
    if (action !== 'show' && action !== 'set' && action !== 'clear')
      return `merchants routing has: show, set and clear MERCHANT.${didYouMean(action ?? '', ['show', 'set', 'clear'])}`;
    if (!/^(acct|mrch)_[\w-]+$/.test(merchant))
      return `merchants routing ${action} needs a merchant's account (acct_...) or a referred merchant's token (mrch_...)`;
    const file = typeof values.file === 'string' ? values.file : null;
    if (action === 'set' && !file) return 'merchants routing set needs --file ROUTING.json';
    const accounts =
      typeof values.accounts === 'string'
        ? values.accounts
            .split(',')
            .map((name) => name.trim())
            .filter(Boolean)
        : null;
    if (action === 'set' && table && !accounts?.length)
      return "merchants routing set --table needs --accounts NAME,NAME: the deployment's processor accounts, which the rules are checked against";
    return { command: 'merchant-routing', action, merchant, file, accounts, table, endpoint };
  }
  if (!values.help && positionals.join(' ') === 'customers backfill-card-owners') {
    if (!table)
      return 'customers backfill-card-owners needs --table (the local stack runs it itself on start)';
    return { command: 'backfill-card-owners', table, endpoint, json: values.json === true };
  }
  if (!values.help && positionals[0] === 'migrate') {
    const action = positionals[1];
    if ((action !== 'status' && action !== 'run' && action !== 'rollback') || positionals.length > 2)
      return `migrate has: migrate status, migrate run, migrate rollback.${didYouMean(action ?? '', ['status', 'run', 'rollback'])}`;
    if (action !== 'rollback')
      return { command: 'migrate', action, to: null, table, endpoint, json: values.json === true };
    const to = typeof values.to === 'string' && /^\d+$/.test(values.to) ? Number(values.to) : null;
    if (to === null) return 'migrate rollback needs --to VERSION (0 or more): the version to go back to';
    if (!table) return 'migrate rollback needs --table (the local stack migrates its table again on start)';
    return { command: 'migrate', action, to, table, endpoint, json: values.json === true };
  }
  if (positionals[0] === 'merchants')
    return `merchants has: merchants activate, decline or hold MERCHANT_TOKEN, and merchants routing.${didYouMean(decision ?? '', ['activate', 'decline', 'hold', 'routing'])}`;
  if (positionals[0] !== 'accounts') return usage;
  if (positionals.slice(1).join(' ') !== 'create')
    return `accounts has one command: accounts create --name NAME.${didYouMean(positionals[1] ?? '', ['create'])}`;
  const name = typeof values.name === 'string' ? values.name.trim() : '';
  if (!name) return '--name is required';
  const bank = [values['bank-account-name'], values['bank-account-bsb'], values['bank-account-number']];
  const given = bank.filter((value) => typeof value === 'string');
  if (given.length > 0 && given.length < 3)
    return '--bank-account-name, --bank-account-bsb and --bank-account-number go together';
  if (given.length > 0 && values.partner === true) return 'a partner account has no bank account';
  if (values.deposits === true && given.length === 0)
    return '--deposits needs the bank account the deposits go to (--bank-account-name, -bsb, -number)';
  const [bankName, bsb, number] = given as string[];
  return {
    command: 'create-account',
    name,
    email: typeof values.email === 'string' ? values.email : 'none@example.com',
    partner: values.partner === true,
    referredBy: typeof values['referred-by'] === 'string' ? values['referred-by'] : null,
    bankAccount: given.length === 3 ? { name: bankName!, bsb: bsb!, number: number! } : null,
    deposits: values.deposits === true,
    table,
    endpoint,
    json: values.json === true,
  };
};
