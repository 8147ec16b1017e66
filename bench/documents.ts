/**
 * The documents part of the benchmark (called from ./run.ts; `BENCH_DOCUMENTS_ONLY=1 npm run bench`
 * runs it alone): the electronic policy rendered in process, as the render worker does it (content,
 * canonical-JSON fingerprint, layout, pdfkit with the subset Noto Sans SC font), for a one-drone and a
 * 50-drone policy. No database: storing the bytes is one INSERT.
 */
import { performance } from 'node:perf_hooks';
import { partiesFixture, policyOrderFixture } from '@feibao/domain/documents/fixtures';
import { composePolicy } from '@feibao/workers/documents/compose';
import { newHistogram, recordMs, round, summary, type Latency } from './lib.ts';

export type DocumentMeasurement = Latency & { drones: number; pages: number; bytes: number };
export type DocumentResults = { measuredAt: string; rounds: number; policies: DocumentMeasurement[] };

const issue = {
  verificationCode: 'MH5G-1P5D-2886-3TEW-H88Q-1G98-HNQS-DF1T',
  publicBaseUrl: 'https://feibao.example',
  issuedAt: new Date('2026-11-27T00:00:00.000Z'),
};

export const measureDocuments = async ({
  rounds,
  log,
}: {
  rounds: number;
  log: (line: string) => void;
}): Promise<DocumentResults> => {
  const policies: DocumentMeasurement[] = [];
  for (const drones of [1, 50]) {
    const order = policyOrderFixture(drones);
    // The first render loads the font files: a warm-up, as the worker's first job is.
    const first = await composePolicy(order, partiesFixture, issue);
    const histogram = newHistogram();
    for (let i = 0; i < rounds; i += 1) {
      const t = performance.now();
      await composePolicy(order, partiesFixture, issue);
      recordMs(histogram, performance.now() - t);
    }
    const latency = summary(histogram);
    policies.push({ ...latency, drones, pages: first.pages, bytes: first.bytes.length });
    log(
      `(p) policy PDF, ${drones} drone(s): p95 ${latency.p95} ms, ${first.pages} page(s), ${first.bytes.length} bytes`,
    );
  }
  return { measuredAt: new Date().toISOString(), rounds, policies };
};

export const documentTableRows = (r: DocumentResults | undefined): string[] =>
  (r?.policies ?? []).map(
    (m) =>
      `| (p) electronic policy PDF render, ${m.drones} drone${m.drones === 1 ? '' : 's'} (${m.pages} page${m.pages === 1 ? '' : 's'}, ${round(m.bytes / 1024, 1)} kB) | ${round(1000 / m.mean, 1)} /s | ${m.p50} ms | ${m.p95} ms | ${m.p99} ms | ${m.max} ms | ${m.count} |`,
  );

export const documentGoal = (r: DocumentResults) => {
  const big = r.policies.find((m) => m.drones === 50);
  const small = r.policies.find((m) => m.drones === 1);
  return {
    goal: 'policy PDF render p95 ≤ 1 s (50 drones), one-drone file < 300 kB',
    value: `${big?.p95} ms at 50 drones, ${small?.p95} ms at 1; ${round((small?.bytes ?? 0) / 1024, 1)} kB`,
    met: (big?.p95 ?? Infinity) <= 1000 && (small?.bytes ?? Infinity) < 300 * 1024,
  };
};
