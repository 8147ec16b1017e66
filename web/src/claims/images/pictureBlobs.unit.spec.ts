import { describe, expect, it, vi } from 'vitest';
import { createBlobCache, type PictureLoad } from './pictureBlobs.ts';

const setup = (spare = 1, answer: (url: string) => PictureLoad = (url) => ({ state: 'ready', url: `blob:${url}` })) => {
  const fetchBlob = vi.fn(async (url: string) => answer(url));
  const revoke = vi.fn();
  return { cache: createBlobCache({ fetchBlob, revoke, spare }), fetchBlob, revoke };
};

describe('picture blob cache', () => {
  it('fetches a url once for all its users', async () => {
    const { cache, fetchBlob } = setup();
    const [a, b] = await Promise.all([cache.acquire('/p/1'), cache.acquire('/p/1')]);
    expect(a).toEqual({ state: 'ready', url: 'blob:/p/1' });
    expect(b).toBe(a);
    expect(fetchBlob).toHaveBeenCalledTimes(1);
  });

  it('keeps a few unused object urls and revokes the oldest beyond them', async () => {
    const { cache, fetchBlob, revoke } = setup(1);
    await cache.acquire('/p/1');
    await cache.acquire('/p/2');
    cache.release('/p/1');
    expect(revoke).not.toHaveBeenCalled();
    cache.release('/p/2');
    expect(revoke).toHaveBeenCalledWith('blob:/p/1');
    expect(cache.size()).toBe(1);
    // Still cached: no second fetch, and in use again it is no longer spare.
    await cache.acquire('/p/2');
    expect(fetchBlob).toHaveBeenCalledTimes(2);
  });

  it('does not keep a picture still being processed', async () => {
    const { cache, fetchBlob, revoke } = setup(5, () => ({ state: 'processing' }));
    expect(await cache.acquire('/p/1')).toEqual({ state: 'processing' });
    cache.release('/p/1');
    expect(cache.size()).toBe(0);
    await cache.acquire('/p/1');
    expect(fetchBlob).toHaveBeenCalledTimes(2);
    expect(revoke).not.toHaveBeenCalled();
  });
});
