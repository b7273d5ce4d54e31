/** A JSON object as the API answers it: read loosely, rendered as text. */
export type ApiObject = Record<string, unknown>;

export interface Column {
  label: string;
  value: (item: ApiObject) => string;
}

/** A view of one of the API's resources: its list (or single object), read with the account's key. */
export interface ResourceView {
  /** The `view` parameter and the nav's link. */
  name: string;
  title: string;
  /** The public API's GET path, below the environment's base URL. */
  path: string;
  /** A paginated list, or one object (the balance). */
  shape: 'list' | 'object';
  columns: Column[];
  /** Each item is a payment: its processor attempts are shown beside it, from the store (never in Pin's JSON). */
  payments?: true;
}

const text = (value: unknown): string =>
  value === null || value === undefined
    ? ''
    : typeof value === 'object'
      ? JSON.stringify(value)
      : String(value);

const field = (name: string, label = name): Column => ({ label, value: (item) => text(item[name]) });

/** `12.34 AUD` from Pin's amount in the currency's smallest unit. */
export const money = (amount: unknown, currency: unknown): string =>
  typeof amount === 'number' ? `${(amount / 100).toFixed(2)} ${text(currency)}` : '';

const amount = (name = 'amount', label = 'Amount'): Column => ({
  label,
  value: (item) => money(item[name], item.currency),
});

const amounts = (name: string, label: string): Column => ({
  label,
  value: (item) =>
    Array.isArray(item[name])
      ? (item[name] as ApiObject[]).map((entry) => money(entry.amount, entry.currency)).join(', ')
      : '',
});

/**
 * The resources the dashboard lists, in the nav's order. Adding one is one entry here.
 */
export const resourceViews: ResourceView[] = [
  {
    name: 'charges',
    title: 'Charges',
    path: '/1/charges',
    shape: 'list',
    payments: true,
    columns: [
      field('token', 'Token'),
      field('created_at', 'Created'),
      amount(),
      amount('amount_refunded', 'Refunded'),
      // A decline says why: `Declined: The card was declined`, as the charge's error_message has it.
      {
        label: 'Status',
        value: (item) =>
          item.error_message
            ? `${text(item.status_message)}: ${text(item.error_message)}`
            : text(item.status_message),
      },
      field('captured', 'Captured'),
      field('email', 'Email'),
      field('description', 'Description'),
    ],
  },
  {
    name: 'customers',
    title: 'Customers',
    path: '/1/customers',
    shape: 'list',
    columns: [field('token', 'Token'), field('created_at', 'Created'), field('email', 'Email')],
  },
  {
    name: 'subscriptions',
    title: 'Subscriptions',
    path: '/1/subscriptions',
    shape: 'list',
    columns: [
      field('token', 'Token'),
      field('created_at', 'Created'),
      field('state', 'State'),
      field('plan_token', 'Plan'),
      field('customer_token', 'Customer'),
      field('next_billing_date', 'Next billing'),
    ],
  },
  {
    name: 'refunds',
    title: 'Refunds',
    path: '/1/refunds',
    shape: 'list',
    columns: [
      field('token', 'Token'),
      field('created_at', 'Created'),
      amount(),
      field('charge', 'Charge'),
      field('status_message', 'Status'),
    ],
  },
  {
    name: 'transfers',
    title: 'Transfers',
    path: '/1/transfers',
    shape: 'list',
    columns: [
      field('token', 'Token'),
      field('created_at', 'Created'),
      amount(),
      field('status', 'Status'),
      field('recipient', 'Recipient'),
      field('description', 'Description'),
    ],
  },
  {
    name: 'disputes',
    title: 'Disputes',
    path: '/1/disputes',
    shape: 'list',
    columns: [
      field('token', 'Token'),
      field('received_at', 'Received'),
      amount(),
      field('status', 'Status'),
      field('category', 'Category'),
      field('evidence_required_by', 'Evidence by'),
      { label: 'Charge', value: (item) => text((item.charge as ApiObject | undefined)?.token) },
    ],
  },
  {
    name: 'balance',
    title: 'Balance',
    path: '/1/balance',
    shape: 'object',
    columns: [amounts('available', 'Available'), amounts('pending', 'Pending')],
  },
];
