import type { Cluster } from './cluster.ts';
import { buyPolicy, newStats, register, reportClaim } from './journeys.ts';
import { between, sleep } from './profile.ts';

/**
 * Customers (registered first: a session is what they keep across the outages) buy a policy and
 * report a claim while a store goes away `times` times. `restart` takes the store down and brings it
 * back; `whileDown` observes the platform (its /healthz) in the middle of each outage.
 */
export const customersThroughOutages = async <T>(
  cluster: Cluster,
  options: { customers: number; times: number; restart: () => Promise<void>; whileDown: () => Promise<T> },
) => {
  const stats = newStats();
  const clients = await Promise.all(
    Array.from({ length: options.customers }, async () => {
      const client = cluster.client();
      await register(client, stats);
      return client;
    }),
  );
  const journeys = clients.map(async (client, i) => {
    await sleep(i * 400);
    const orderId = await buyPolicy(client, stats);
    return reportClaim(client, stats, cluster.baseUrl(), orderId);
  });
  const done = Promise.allSettled(journeys);
  const seen: T[] = [];
  for (let i = 0; i < options.times; i++) {
    await sleep(between(500, 2000));
    const restarted = options.restart();
    await sleep(1000);
    seen.push(await options.whileDown());
    await restarted;
  }
  const failures = (await done)
    .filter((o) => o.status === 'rejected')
    .map((o) => String((o as PromiseRejectedResult).reason));
  return { stats, failures, seen };
};
