import { ORDERS_PROJECTION } from '@feibao/read-models/projections';
import { disclosureTextsProjection } from '@feibao/read-models/disclosure/texts';
import type { QueryFeature } from '../features.ts';
import { disclosureQueryDocs } from './openapi.ts';
import { disclosureQueryRoutes } from './routes.ts';
import { purchaseRecordRoutes } from './recordRoutes.ts';

/** What 信息披露 registers in the query service. */
export const disclosureQueryFeature: QueryFeature = {
  name: 'disclosure',
  routes: (deps) => [disclosureQueryRoutes(deps), purchaseRecordRoutes(deps)],
  // The dialog reads right after its confirmation: the order and the texts are all it waits for.
  readScopes: [
    ['/api/v1/uav/order/purchaseTerms', [ORDERS_PROJECTION, disclosureTextsProjection.name]],
    ['/api/v1/uav/backoffice/disclosure/texts', [disclosureTextsProjection.name]],
  ],
  docs: disclosureQueryDocs,
};
