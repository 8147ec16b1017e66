import type { CommandFeature } from '../features.ts';
import { orderRoutes } from './routes.ts';
import { orderingCommandDocs } from './openapi.ts';
import { cancellationRoutes } from './cancellationRoutes.ts';
import { cancellationCommandDocs } from './cancellationOpenapi.ts';

/** What the ordering feature registers in the command service. */
export const orderingFeature: CommandFeature = {
  name: 'ordering',
  routes: (deps) => [orderRoutes(deps), cancellationRoutes(deps)],
  docs: { ...orderingCommandDocs, ...cancellationCommandDocs },
};
