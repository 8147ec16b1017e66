/**
 * Claim pictures are served only with the bearer token, which an <img src> cannot send: they are
 * fetched with the token into object URLs. Entries are counted by their users; an unused one stays in
 * a small cache (the user flips between categories) and is revoked when it falls out.
 */
import { useEffect, useState } from 'react';
import { authHeaders, refreshSession } from '../../api/client.ts';

export type PictureLoad =
  | { state: 'loading' }
  | { state: 'ready'; url: string }
  | { state: 'processing' }
  | { state: 'broken' };

type Entry = { users: number; load: Promise<PictureLoad>; settled: PictureLoad | null };

export type BlobCacheDeps = {
  fetchBlob: (url: string) => Promise<PictureLoad>;
  revoke: (objectUrl: string) => void;
  /** Unused entries kept around before the oldest is revoked. */
  spare: number;
};

export const createBlobCache = (deps: BlobCacheDeps) => {
  const entries = new Map<string, Entry>();
  // Unused keys, oldest first.
  const idle: string[] = [];

  const drop = (key: string) => {
    const e = entries.get(key);
    entries.delete(key);
    if (e?.settled?.state === 'ready') deps.revoke(e.settled.url);
  };
  const trim = () => {
    while (idle.length > deps.spare) {
      const key = idle.shift();
      if (key !== undefined) drop(key);
    }
  };

  return {
    acquire(url: string): Promise<PictureLoad> {
      let e = entries.get(url);
      if (!e) {
        const created: Entry = { users: 0, settled: null, load: Promise.resolve({ state: 'loading' }) };
        created.load = deps.fetchBlob(url).then((r) => {
          created.settled = r;
          // Processing and failures are not kept: the next look asks again.
          if (r.state !== 'ready' && entries.get(url) === created && created.users === 0) drop(url);
          return r;
        });
        entries.set(url, created);
        e = created;
      }
      const at = idle.indexOf(url);
      if (at >= 0) idle.splice(at, 1);
      e.users += 1;
      return e.load;
    },
    release(url: string) {
      const e = entries.get(url);
      if (!e) return;
      e.users = Math.max(0, e.users - 1);
      if (e.users > 0) return;
      if (e.settled && e.settled.state !== 'ready') {
        drop(url);
        return;
      }
      idle.push(url);
      trim();
    },
    size: () => entries.size,
  };
};

const fetchPicture = async (url: string): Promise<PictureLoad> => {
  const get = () => fetch(url, { headers: authHeaders() });
  try {
    let res = await get();
    if (res.status === 401 && (await refreshSession())) res = await get();
    if (res.ok && (res.headers.get('Content-Type') ?? '').startsWith('image/'))
      return { state: 'ready', url: URL.createObjectURL(await res.blob()) };
    // The copies are written by a worker after the upload: until then the server answers 图片处理中.
    const text = await res.text().catch(() => '');
    return text.includes('处理中') ? { state: 'processing' } : { state: 'broken' };
  } catch {
    return { state: 'broken' };
  }
};

const cache = createBlobCache({ fetchBlob: fetchPicture, revoke: (u) => URL.revokeObjectURL(u), spare: 60 });

/** An object URL for a claim picture (thumbnail or display copy); null url → nothing to load. */
export const usePictureUrl = (url: string | null): PictureLoad => {
  const [load, setLoad] = useState<PictureLoad>({ state: 'loading' });
  useEffect(() => {
    if (!url) return;
    let live = true;
    setLoad({ state: 'loading' });
    void cache.acquire(url).then((r) => {
      if (live) setLoad(r);
    });
    return () => {
      live = false;
      cache.release(url);
    };
  }, [url]);
  return load;
};
