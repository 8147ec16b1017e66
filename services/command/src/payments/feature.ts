import type { CommandFeature } from '../features.ts';
import { paymentsCommandDocs } from './openapi.ts';
import { devGatewayRoutes, paymentRoutes } from './routes.ts';

/** Payments in the command service: the notify endpoint, refunds, and the dev gateway when it is on. */
export const paymentsFeature: CommandFeature = {
  name: 'payments',
  routes: (deps) => [paymentRoutes(deps), ...(deps.devGateway ? [devGatewayRoutes(deps)] : [])],
  docs: paymentsCommandDocs,
};
