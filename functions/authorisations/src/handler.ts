import { apiHandler } from '@wattle/http';
import { chargeAuthorisation, voidAuthorisation } from './authorisation-transitions.ts';
import { createAuthorisation } from './create-authorisation.ts';
import { authorisationsDeps } from './deps.ts';
import { getAuthorisation, listAuthorisations } from './read-authorisations.ts';
import { routes } from './routes.ts';

export const handler = apiHandler('authorisations', routes, authorisationsDeps, {
  'POST /1/authorisations': createAuthorisation,
  'GET /1/authorisations': listAuthorisations,
  'GET /1/authorisations/{auth_token}': getAuthorisation,
  'PUT /1/authorisations/{auth_token}/void': voidAuthorisation,
  'POST /1/authorisations/{auth_token}/charges': chargeAuthorisation,
});
