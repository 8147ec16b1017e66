import type { PongoDb } from '@event-driven-io/pongo';
import { USER_PROFILES, type UserProfileDocument } from './userProfile.ts';

/** One reader per query: swapping the document store is a change here only. */
export const userProfileReader = (db: PongoDb) => {
  const collection = db.collection<UserProfileDocument & { _id: string }>(USER_PROFILES);
  return {
    async byPhone(mobilePhone: string): Promise<UserProfileDocument | null> {
      const found = await collection.findOne({ _id: mobilePhone });
      if (!found) return null;
      const { _id, _version, ...doc } = found as UserProfileDocument & { _id: string; _version?: unknown };
      void _id, _version;
      return doc;
    },
  };
};
export type UserProfileReader = ReturnType<typeof userProfileReader>;
