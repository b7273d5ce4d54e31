/** Fields shown, in this order, where an object has them: enough to tell one from another. */
const shownFields = [
  'type',
  'status',
  'state',
  'status_message',
  'amount',
  'currency',
  'email',
  'name',
  'description',
  'url',
  'created_at',
] as const;

const scalar = (value: unknown): value is string | number | boolean =>
  typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean';

/** One line for a Pin object: its token, then the fields of `shownFields` it has. */
export const summaryLine = (item: Record<string, unknown>): string =>
  [
    String(item.token ?? ''),
    ...shownFields.flatMap((field) =>
      scalar(item[field]) && item[field] !== '' ? [String(item[field])] : [],
    ),
  ]
    .filter(Boolean)
    .join('  ');
