import { apiHandler } from '@wattle/http';
import {
  chargeAuthorisation,
  createAuthorisation,
  getAuthorisation,
  listAuthorisations,
  voidAuthorisation,
} from './routes.ts';

export const handler = apiHandler('authorisations', {
  'POST /1/authorisations': createAuthorisation,
  'GET /1/authorisations': listAuthorisations,
  'GET /1/authorisations/{auth_token}': getAuthorisation,
  'PUT /1/authorisations/{auth_token}/void': voidAuthorisation,
  'POST /1/authorisations/{auth_token}/charges': chargeAuthorisation,
});
