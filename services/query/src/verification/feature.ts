import type { QueryFeature } from '../features.ts';
import { verificationQueryDocs } from './openapi.ts';
import { verificationRoutes } from './routes.ts';

/** What public verification registers in the query service. */
export const verificationQueryFeature: QueryFeature = {
  name: 'verification',
  routes: (deps) => [verificationRoutes(deps)],
  docs: verificationQueryDocs,
};
