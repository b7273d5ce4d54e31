import { apiHandler } from '@wattle/http';
import { authorisationsRoutes } from '@wattle/routes/table/authorisations';
import { chargeAuthorisation, voidAuthorisation } from './authorisation-transitions.ts';
import { createAuthorisation } from './create-authorisation.ts';
import { authorisationsDeps } from './deps.ts';
import { getAuthorisation, listAuthorisations } from './read-authorisations.ts';

export const handler = apiHandler('authorisations', authorisationsRoutes, authorisationsDeps, {
  'POST /1/authorisations': createAuthorisation,
  'GET /1/authorisations': listAuthorisations,
  'GET /1/authorisations/{auth_token}': getAuthorisation,
  'PUT /1/authorisations/{auth_token}/void': voidAuthorisation,
  'POST /1/authorisations/{auth_token}/charges': chargeAuthorisation,
});
