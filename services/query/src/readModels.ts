import type { Projection } from '@feibao/platform';
import { userProfileProjection } from './accounts/userProfile/projection.ts';

/** Every projection of the platform; the workers run them, rebuilds replay them. */
export const allProjections: Projection[] = [userProfileProjection as Projection];

export const allCollections: string[] = allProjections.flatMap((p) => p.collections.map((c) => c.name));
