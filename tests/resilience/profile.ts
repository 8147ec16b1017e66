/**
 * The short profile runs in `npm test`; `npm run test:soak` runs the same scenarios with the soak
 * numbers. Each scenario prints one FIGURES line docs/reliability.md quotes.
 */
export const soak = process.env.RESILIENCE_PROFILE === 'soak';

export const profile = soak
  ? {
      workerKills: 100,
      customers: 40,
      commandKills: 20,
      commandWriters: 16,
      redisRestarts: 10,
      postgresRestarts: 5,
      loadCustomers: 12,
    }
  : {
      workerKills: 10,
      customers: 6,
      commandKills: 3,
      commandWriters: 8,
      redisRestarts: 2,
      postgresRestarts: 1,
      loadCustomers: 4,
    };

export const figures = (scenario: string, facts: Record<string, unknown>) =>
  console.log(`FIGURES ${scenario} ${JSON.stringify({ profile: soak ? 'soak' : 'short', ...facts })}`);

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
export const between = (min: number, max: number) => min + Math.random() * (max - min);
