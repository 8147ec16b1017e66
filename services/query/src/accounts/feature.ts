import type { QueryFeature } from '../features.ts';
import { accountQueryRoutes, devSmsRoutes } from './routes.ts';
import { userAdminQueryRoutes } from './users.ts';
import { accountQueryDocs } from './openapi.ts';

/** What the accounts feature registers in the query service. */
export const accountsQueryFeature: QueryFeature = {
  name: 'accounts',
  routes: (deps) => [
    accountQueryRoutes(deps),
    userAdminQueryRoutes(deps),
    // The dev SMS inbox exists only with the dev provider outside production.
    ...(deps.config.smsProvider === 'dev' && !deps.config.production ? [devSmsRoutes(deps)] : []),
  ],
  docs: accountQueryDocs,
};
