import type { Projection } from '@feibao/platform';
import { userProfileProjection } from './accounts/userProfile/projection.ts';
import { orderProjection } from './ordering/orders/projection.ts';
import { uploadProjection } from './files/uploads.ts';
import { ORDER_LIST_INDEXES } from './ordering/orders/reader.ts';

export * from './accounts/userProfile/userProfile.ts';
export * from './accounts/userProfile/reader.ts';
export * from './ordering/orders/orderDocument.ts';
export * from './ordering/orders/reader.ts';
export * from './ordering/orders/planRows.ts';
export { uploads, type UploadDocument } from './files/uploads.ts';

/** Every projection of the platform; the projector runs them, rebuilds replay them. */
export const allProjections: Projection[] = [
  userProfileProjection as Projection,
  orderProjection as Projection,
  uploadProjection as Projection,
];

export const allCollections: string[] = allProjections.flatMap((p) => p.collections.map((c) => c.name));

/** Expression indexes the readers' SQL relies on (Pongo 0.16 creates none). */
export const allIndexes: string[] = [...ORDER_LIST_INDEXES];

export const readModelSchema = { collections: allCollections, indexes: allIndexes };
