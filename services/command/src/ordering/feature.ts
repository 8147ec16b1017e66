import type { CommandFeature } from '../features.ts';
import { orderRoutes } from './routes.ts';
import { orderingCommandDocs } from './openapi.ts';
import { cancellationRoutes } from './cancellationRoutes.ts';
import { cancellationCommandDocs } from './cancellationOpenapi.ts';
import { requirementsRoutes } from './requirementsRoutes.ts';
import { requirementsCommandDocs } from './requirementsOpenapi.ts';

/** What the ordering feature registers in the command service. */
export const orderingFeature: CommandFeature = {
  name: 'ordering',
  routes: (deps) => [orderRoutes(deps), cancellationRoutes(deps), requirementsRoutes(deps)],
  docs: { ...orderingCommandDocs, ...cancellationCommandDocs, ...requirementsCommandDocs },
};
