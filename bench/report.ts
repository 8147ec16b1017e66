/**
 * bench/results/<name>.md from the results JSON: the results table, the speed goals judged
 * on the figures of the same run, the history of the headline ratios, then bench/notes.md.
 */
import { claimTableRows } from './claims.ts';
import { cpuLine, type CpuShare } from './cpu.ts';
import { historyTable, type HistoryRow } from './history.ts';
import { inquiryGoal, inquiryTableRows } from './inquiry.ts';
import type { LoadResult } from './lib.ts';
import { rulesGoal, rulesTableRows } from './rules.ts';
import { documentGoal, documentTableRows } from './documents.ts';
import { paymentGoal, paymentTableRows } from './payments.ts';
import { webGoals, webTableRows, type WebResults } from './web.ts';
import { claimTierRows, comparisonRows, orderTierRows, tierCpuRows, tierGoals, visibleTierRows } from './tierReport.ts';

type Row = LoadResult & { rate?: number };
const pct = (ratio: number) => `${Math.round(ratio * 1000) / 10} %`;
const row = (label: string, throughput: string, l: Row | undefined, count?: string) =>
  l
    ? `| ${label} | ${throughput} | ${l.p50} ms | ${l.p95} ms | ${l.p99} ms | ${l.max} ms | ${count ?? `${l.requests} (${l.errors})`} |`
    : null;

// The results JSON of any earlier run, rendered as far as it has figures.
type Results = any;

export const goalsOf = (r: Results) => {
  const s = r.save;
  const l = r.list;
  const atSixty = s.saveDraftEntryAtSixty ?? s.saveDraftAtSixty;
  const list = l.page1Entry ?? l.page1;
  const claims = r.claims;
  return [
    {
      goal: 'save-draft ≥ 25 % of the raw single-row INSERT ceiling at 32 clients (through the entry)',
      value: pct(s.ratio),
      met: s.ratio >= 0.25,
    },
    {
      goal: 'save-draft p99 ≤ 50 ms at 60 % of that load',
      value: atSixty ? `${atSixty.p99} ms at ${atSixty.rate}/s` : 'not measured',
      met: atSixty ? atSixty.p99 <= 50 : false,
    },
    {
      goal: `order list ≥ 10 % of a bare node:http server with the same body, p99 ≤ 30 ms at ${l.concurrency} clients`,
      value:
        l.ratio === undefined
          ? 'not measured'
          : `${pct(l.ratio)} (${list.perSecond} vs ${l.bare.perSecond} req/s), p99 ${list.p99} ms`,
      met: l.ratio >= 0.1 && list.p99 <= 30,
    },
    {
      goal: 'a just-saved order visible in the list p95 ≤ 30 ms',
      value: r.visible ? `${r.visible.p95} ms` : 'not measured',
      met: r.visible ? r.visible.p95 <= 30 : false,
    },
    ...webGoals(r.web as WebResults | undefined),
    ...(claims?.createSave?.ratio !== undefined
      ? [
          {
            goal: 'claim create + save pairs ≥ 25 % of the INSERT ceiling',
            value: pct(claims.createSave.ratio),
            met: claims.createSave.ratio >= 0.25,
          },
        ]
      : []),
    ...(claims?.list?.ratio !== undefined
      ? [
          {
            goal: 'claim list (heavy user page 1) ≥ 10 % of bare node:http, p99 ≤ 30 ms',
            value: `${pct(claims.list.ratio)}, p99 ${claims.list.cases.heavyPage1.p99} ms`,
            met: claims.list.ratio >= 0.1 && claims.list.cases.heavyPage1.p99 <= 30,
          },
        ]
      : []),
    ...tierGoals(r),
    { goal: 'projection lag p95 ≤ 100 ms', value: `${r.lag.p95} ms`, met: r.lag.p95 <= 100 },
    {
      goal: 'rebuild ≥ 10,000 events/s',
      value: `${r.rebuild.eventsPerSecond} events/s`,
      met: r.rebuild.eventsPerSecond >= 10_000,
    },
    ...(r.rules ? [rulesGoal(r.rules)] : []),
    ...(r.documents ? [documentGoal(r.documents)] : []),
    ...(r.inquiry ? [inquiryGoal(r.inquiry)] : []),
    ...(r.payments ? [paymentGoal(r.payments)] : []),
  ];
};

export const historyRowOf = (r: Results): HistoryRow => {
  const list = r.list.page1Entry ?? r.list.page1;
  const lighthouse: number[] = (r.web?.lighthouse ?? []).map((x: { performance: number }) => x.performance);
  return {
    date: r.startedAt,
    commit: r.environment.commit,
    orders: r.settings.orders,
    via: r.save.saveDraftEntry ? 'entry' : 'services',
    saveDraftPerSecond: (r.save.saveDraftEntry ?? r.save.saveDraft).perSecond,
    insertCeilingPerSecond: r.save.rawInsert.perSecond,
    saveRatio: r.save.ratio,
    listPerSecond: list.perSecond,
    listConcurrency: r.list.concurrency,
    listP99: list.p99,
    barePerSecond: r.list.bare?.perSecond,
    listRatio: r.list.ratio,
    visibleP95: r.visible?.p95,
    firstLoadKb: r.web?.bundles
      ? Math.max(
          ...r.web.bundles
            .filter((b: { limited: boolean }) => b.limited)
            .map((b: { gzipBytes: number }) => Math.round(b.gzipBytes / 100) / 10),
        )
      : undefined,
    lighthouseMin: lighthouse.length ? Math.min(...lighthouse) : undefined,
  };
};

/**
 * CPU per answered request by process, in the loops that set the ratios: what would have to
 * shrink for a ratio to grow, since every process shares the machine's cores.
 */
const cpuTableRows = (r: Results) => {
  const rows = [
    ['(a) raw single-row INSERT (the ceiling)', r.save.rawInsert],
    ['(a) save-draft at the command service', r.save.saveDraft],
    ['(a) save-draft through the entry', r.save.saveDraftEntry],
    ['(a′) Emmett appendToStream (the library alone, in the bench process)', r.peers?.emmettAppend],
    ['(a′) Emmett appendToStream + inline Pongo projection', r.peers?.emmettInlinePongo],
    ['(b) order list page 1 at the query service', r.list.page1],
    ['(b) order list page 1 through the entry', r.list.page1Entry],
    ['(b) bare node:http with the same body', r.list.bare],
    ['(f) claim list, heavy user page 1 through the entry', r.claims?.list?.cases?.heavyPage1],
    ['(e) claim create + save through the entry (per pair: two requests, three appends)', r.claims?.createSave?.pairs],
    ['(n) payment notify at the command service, genuine (one append each)', r.payments?.genuine],
    ['(n) payment notify at the command service, repeated (nothing appended)', r.payments?.repeated],
    ['(n) payment notify at the command service, forged signature (refused)', r.payments?.forged],
    ...tierCpuRows(r),
  ].filter(([, l]) => l?.cpuMsPerRequest) as [string, LoadResult & { cpuMsPerRequest: CpuShare }][];
  if (rows.length === 0) return [];
  const cores = r.environment.cpus;
  return [
    '## Where the CPU goes',
    '',
    `CPU time per answered request, by process (user + system from /proc over the measured loop; PostgreSQL = every backend; the entry includes its ${cores > 1 ? 'cluster copies' : 'process'}). The machine has ${cores} cores: at full use a loop can answer at most ${cores} s ÷ this sum per second.`,
    '',
    '| loop | throughput | CPU per request (ms) |',
    '|---|---|---|',
    ...rows.map(([label, l]) => `| ${label} | ${l.perSecond} /s | ${cpuLine(l.cpuMsPerRequest)} |`),
    '',
  ];
};

export const renderReport = (resultName: string, r: Results, history: HistoryRow[], notes: string | null) => {
  const env = r.environment;
  const shown = r.settings;
  const s = r.save;
  const l = r.list;
  const c = shown.concurrency;
  const heavy = (l.orders ?? shown.heavyOrders).toLocaleString('en');
  const goals = goalsOf(r);
  const lines = [
    `# FeiBao benchmark — ${resultName}`,
    '',
    `${r.startedAt} · commit ${env.commit} · ${env.cpus} cores, ${env.memoryGb} GB · PostgreSQL ${env.postgres} (shared_buffers ${env.shared_buffers}, synchronous_commit ${env.synchronous_commit}, fsync ${env.fsync}) · Node ${env.node} · total ${r.totalSeconds} s · load average (1/5/15 min) ${r.loadAverageAtStart.join(' / ')} at start, ${r.loadAverageAtEnd.join(' / ')} at end (the machine is shared)`,
    '',
    `Seed: ${shown.orders.toLocaleString('en')} orders across ${shown.users.toLocaleString('en')} users${r.claims ? `, ${r.claims.claims.toLocaleString('en')} claims (${r.claims.submittedClaims.toLocaleString('en')} submitted) and ${r.claims.inForceOrders.toLocaleString('en')} in-force orders to claim on` : ''} = ${r.seed.events.toLocaleString('en')} events, written in ${r.seed.seconds} s (${r.seed.eventsPerSecond.toLocaleString('en')} events/s, set-based SQL) + ${r.seed.vacuumSeconds} s VACUUM ANALYZE; emt_messages ${r.seed.emtMessagesSize}.`,
    '',
    'Through **the entry** means the door users reach (what `npm start` serves on its one port); **at the service** means straight to the command or query process.',
    '',
    '## Results',
    '',
    '| measurement | throughput | p50 | p95 | p99 | max | requests (errors) |',
    '|---|---|---|---|---|---|---|',
    row(`(a) raw single-row INSERT, concurrency ${c} (ceiling)`, `${s.rawInsert.perSecond} /s`, s.rawInsert),
    row(
      `(a) save-draft through the entry, concurrency ${c}`,
      `${s.saveDraftEntry?.perSecond} /s (${pct(s.ratio)} of ceiling)`,
      s.saveDraftEntry,
    ),
    row(
      `(a) save-draft through the entry at 60 % (${s.saveDraftEntryAtSixty?.rate}/s, open loop)`,
      `${s.saveDraftEntryAtSixty?.perSecond} /s`,
      s.saveDraftEntryAtSixty,
    ),
    row(
      `(a) save-draft at the command service, concurrency ${c}`,
      `${s.saveDraft.perSecond} /s (${pct(s.ratioDirect ?? s.ratio)} of ceiling)`,
      s.saveDraft,
    ),
    row(
      `(a) save-draft at the command service at 60 % (${s.saveDraftAtSixty?.rate}/s)`,
      `${s.saveDraftAtSixty?.perSecond} /s`,
      s.saveDraftAtSixty,
    ),
    row(
      `(a′) Emmett appendToStream in the bench process (no HTTP), concurrency ${c}`,
      `${r.peers?.emmettAppend.perSecond} /s (${pct(r.peers?.ratioAppend)} of ceiling; save-draft ${pct(s.ratio)})`,
      r.peers?.emmettAppend,
    ),
    row(
      `(a′) Emmett appendToStream + inline Pongo projection (a document per append), concurrency ${c}`,
      `${r.peers?.emmettInlinePongo.perSecond} /s (${pct(r.peers?.ratioInlinePongo)} of ceiling)`,
      r.peers?.emmettInlinePongo,
    ),
    ...orderTierRows(r),
    row(
      `(b) order list page 50 + totalCount, customer with ${heavy} orders, through the entry, concurrency ${l.concurrency}`,
      `${l.page50Entry?.perSecond} req/s`,
      l.page50Entry,
    ),
    row(
      `(b) order list page 1 + totalCount, customer with ${heavy} orders, at the query service, concurrency ${l.concurrency}`,
      `${l.page1.perSecond} req/s${l.ratioDirect === undefined ? '' : ` (${pct(l.ratioDirect)} of bare)`}`,
      l.page1,
    ),
    row(
      `(b) order list page 50 + totalCount, customer with ${heavy} orders, at the query service, concurrency ${l.concurrency}`,
      `${l.page50.perSecond} req/s`,
      l.page50,
    ),
    row(
      `(b) bare node:http answering page 1's body, concurrency ${l.concurrency}`,
      `${l.bare?.perSecond} req/s`,
      l.bare,
    ),
    row(
      '(b) order list page 1 at the query service, one request at a time',
      `${l.page1Serial.perSecond} req/s`,
      l.page1Serial,
    ),
    row(
      '(b) order list page 50 at the query service, one request at a time',
      `${l.page50Serial.perSecond} req/s`,
      l.page50Serial,
    ),
    row(
      `(c) projection lag, ${r.lag.ratePerSecond} saves/s`,
      '—',
      { ...r.lag, requests: r.lag.count },
      `${r.lag.count} (${r.lag.errors})`,
    ),
    row(
      '(c′) projection lag under the saturating save-draft load',
      '—',
      s.lagUnderSaturation,
      `${s.lagUnderSaturation?.count}`,
    ),
    row(
      `(v) just-saved order visible: the list's answer after the save, ${r.lag.ratePerSecond} pairs/s through the entry`,
      '—',
      r.visible,
    ),
    ...visibleTierRows(r),
    `| (d) rebuild (${r.rebuild.projections.join(', ')}) over ${r.rebuild.events.toLocaleString('en')} events | ${r.rebuild.eventsPerSecond.toLocaleString('en')} events/s | | | | | ${r.rebuild.seconds} s |`,
    ...claimTableRows(r.claims),
    ...claimTierRows(r),
    ...rulesTableRows(r.rules),
    ...documentTableRows(r.documents),
    ...inquiryTableRows(r.inquiry),
    ...comparisonRows(r),
    ...paymentTableRows(r.payments, env.commit),
    '',
    ...cpuTableRows(r),
    ...webTableRows(r.web as WebResults | undefined),
    '## Goals',
    '',
    '| goal | reached | met |',
    '|---|---|---|',
    ...goals.map((g) => `| ${g.goal} | ${g.value} | ${g.met ? 'yes' : '**no**'} |`),
    '',
    goals.some((g) => !g.met)
      ? 'Each goal missed is explained from this run\'s profile (the CPU table above) in "Missed, and what the profile says it would take" at the end of the notes below.\n'
      : null,
    '## History',
    '',
    ...historyTable(history),
    '',
  ].filter((line): line is string => line !== null);
  return {
    markdown: `${lines.join('\n')}\n${notes ? `\n${notes}` : ''}`,
    goals,
    summary: lines.slice(0, lines.indexOf('## History')).join('\n'),
  };
};
