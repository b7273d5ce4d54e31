import { badRequest, type Fields, guardFields } from './fields.ts';

/** JSON bodies, as Pin's client libraries send them: numbers may be numbers or numeric strings. */
export const parseJson = (raw: string): Fields => {
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    throw badRequest('The request body is not valid JSON.');
  }
  if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)) {
    throw badRequest('The request body must be a JSON object.');
  }
  return guardFields(parsed);
};
