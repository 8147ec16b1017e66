import type { CommandFeature } from '../features.ts';
import { fileRoutes } from './routes.ts';
import { fileCommandDocs } from './openapi.ts';

/** What the files feature registers in the command service. */
export const filesFeature: CommandFeature = {
  name: 'files',
  routes: (deps) => [fileRoutes(deps)],
  docs: fileCommandDocs,
};
