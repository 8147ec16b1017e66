import type { CommandFeature } from '../features.ts';
import { documentRoutes } from './routes.ts';
import { documentCommandDocs } from './openapi.ts';

/** What the documents feature registers in the command service. */
export const documentsFeature: CommandFeature = {
  name: 'documents',
  routes: (deps) => [documentRoutes(deps)],
  docs: documentCommandDocs,
};
