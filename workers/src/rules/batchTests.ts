import { Worker, type ConnectionOptions, type Job, type Queue } from 'bullmq';
import {
  batchTestDecider,
  judgeCase,
  outcomeOf,
  ruleTestStreamId,
  type BatchTestStarted,
  type CaseResult,
} from '@feibao/domain/rules/batchTests';
import { buildPlanLines } from '@feibao/domain/ordering/plan';
import { ruleCaseDecider, ruleCaseStreamId, type CaseExpectation } from '@feibao/domain/rules/cases';
import { shanghaiDate } from '@feibao/domain/shared/calendar';
import { visibleInsurers } from '@feibao/domain/ordering/catalogue';
import type { OrderForm } from '@feibao/domain/ordering/form';
import type { TraceStep } from '@feibao/domain/rules/rating';
import { aggregate, handleCommand, type EventStore } from '@feibao/platform/eventStore';
import { defineProjection, type RecordedEvent } from '@feibao/platform/projections/projection';
import { inJobContext } from '@feibao/platform/context';
import { logger } from '@feibao/platform/logger';
import { workQueue } from '@feibao/platform/queues';
import type { Pool } from '@feibao/platform/db';
import { ruleDefinitionReader, ruleSetReader } from '@feibao/read-models/rules/ruleDefinitions';
import { ruleVersionReader } from '@feibao/read-models/rules/ruleVersions';
import type { OrderDocument } from '@feibao/read-models/ordering/orders/orderDocument';
import { createRulesEngine, type RulesEngine } from '@feibao/read-models/rules/engine/engine';

/** Batch tests of rule versions (docs/api/rules-batch-tests.md), one job per run. */
export const RULE_TEST_QUEUE = 'rule-tests';
export type RuleTestJob = Omit<BatchTestStarted['data'], 'at'> & { startedAt: string };

/** A retry starts where the last attempt stopped (results are recorded per chunk), so a few attempts suffice. */
export const ruleTestQueue = (connection: ConnectionOptions, prefix: string) =>
  workQueue<RuleTestJob>(RULE_TEST_QUEUE, connection, prefix, 3);

/** Results recorded per event: small enough to keep the run's progress moving, few enough events for a large run. */
const CHUNK = 100;

/** Each started run becomes one job; the run id as job id makes a replay enqueue nothing new. */
export const ruleTestDispatch = (queue: Queue<RuleTestJob>) =>
  defineProjection({
    name: 'rule-test-dispatch',
    version: 1,
    collections: [],
    eventTypes: ['BatchTestStarted'],
    async handle(recorded: RecordedEvent) {
      const { at, ...job } = recorded.data as BatchTestStarted['data'];
      await queue.add('run', { ...job, startedAt: at }, { jobId: job.runId });
    },
  });

type Subject = { key: string; name: string; form: OrderForm; expected: CaseExpectation | null };

/** Steps repeat across insurers and lines that hit the same rule rows; each is kept once. */
const distinctSteps = (steps: TraceStep[]) => [...new Map(steps.map((s) => [JSON.stringify(s), s])).values()];

const rate = async (engine: RulesEngine, subject: Subject, today: string): Promise<CaseResult> => {
  const lines = buildPlanLines(subject.form);
  const chosen = subject.form.insuranceCompanyList
    .map((i) => i.id)
    .filter((id) => visibleInsurers.some((v) => v.id === id));
  const insurerIds = chosen.length > 0 ? chosen : visibleInsurers.map((i) => i.id);
  const answers = await Promise.all(
    insurerIds.map(async (insurerId) => ({
      insurerId,
      lines: await engine.quoteLines(lines, subject.form, insurerId, { today }),
    })),
  );
  const actual = outcomeOf(answers);
  const judged = subject.expected ? judgeCase(subject.expected, actual) : { pass: null, deltas: {} };
  return {
    key: subject.key,
    name: subject.name,
    expected: subject.expected,
    actual,
    ...judged,
    trace: distinctSteps(answers.flatMap((a) => a.lines.flatMap((l) => l.trace ?? []))),
  };
};

export const ruleTestProcessor =
  (deps: { eventStore: EventStore; pool: Pool; now: () => Date }) => async (job: Job<RuleTestJob>) => {
    const { runId, ruleId, version, caseIds, lastN, startedAt } = job.data;
    const stream = ruleTestStreamId(runId);
    const state = await aggregate(deps.eventStore, stream, batchTestDecider);
    if (state.status === 'done' || state.status === 'failed') return;
    const record = (command: Parameters<typeof batchTestDecider.decide>[0]) =>
      handleCommand(deps.eventStore, stream, batchTestDecider, command);
    const versions = ruleVersionReader(deps.pool);
    const tested = await versions.version(ruleId, version);
    if (!tested) {
      await record({ type: 'FailBatchTest', data: { runId, reason: '规则版本不存在' }, metadata: { now: deps.now() } });
      return;
    }
    const all = [
      ...(await casesOf(deps.eventStore, caseIds)),
      ...(lastN === null ? [] : await lastApplications(deps.pool, lastN, startedAt)),
    ];
    const subjects = all.filter((s) => !state.done.has(s.key));
    // The tested version stands in for its rule's enabled one; every other rule rates as in production.
    const definition = await ruleDefinitionReader(deps.pool).get(ruleId);
    const engine = createRulesEngine(async () => {
      const set = await ruleSetReader(deps.pool)();
      const rules = set.rules.filter((r) => r.ruleId !== ruleId);
      return {
        ...set,
        rules: definition
          ? [
              ...rules,
              {
                ruleId,
                version,
                content: tested.content,
                stage: definition.stage,
                rank: definition.rank,
                insurerId: definition.insurerId,
                scenes: definition.scenes,
                message: definition.message,
                risk: definition.risk,
              },
            ]
          : rules,
      };
    });
    try {
      const today = shanghaiDate(deps.now());
      const total = all.length;
      let done = state.done.size;
      for (let i = 0; i < subjects.length; i += CHUNK) {
        const results = await Promise.all(subjects.slice(i, i + CHUNK).map((s) => rate(engine, s, today)));
        await record({ type: 'RecordBatchTestResults', data: { runId, results }, metadata: { now: deps.now() } });
        done += results.length;
        await job.updateProgress(Math.round((done / Math.max(total, 1)) * 100));
      }
      await record({ type: 'CompleteBatchTest', data: { runId }, metadata: { now: deps.now() } });
    } finally {
      engine.dispose();
    }
  };

/** The cases from their streams: the read model may not have caught up with a case made just before the run. */
const casesOf = async (eventStore: EventStore, ids: readonly string[]): Promise<Subject[]> => {
  const subjects: Subject[] = [];
  for (let i = 0; i < ids.length; i += 32) {
    const states = await Promise.all(
      ids.slice(i, i + 32).map((id) => aggregate(eventStore, ruleCaseStreamId(id), ruleCaseDecider)),
    );
    // A case deleted since the run started is left out rather than failing the run.
    for (const { current: c } of states)
      if (c) subjects.push({ key: `case:${c.caseId}`, name: c.name, form: c.form, expected: c.expected });
  }
  return subjects;
};

/** The newest applications made before the run started, so that a retried job picks the same ones. */
const lastApplications = async (pool: Pool, n: number, before: string): Promise<Subject[]> => {
  const result = await pool.query(`SELECT data FROM orders WHERE _created <= $2 ORDER BY _created DESC, _id LIMIT $1`, [
    n,
    before,
  ]);
  // The order's own number: the form's orderNo is whatever the client echoed back.
  return (result.rows as { data: OrderDocument }[]).map(({ data }) => ({
    key: `order:${data.id}`,
    name: `订单${data.orderNo || data.id}`,
    form: data.form,
    expected: null,
  }));
};

export const startRuleTestWorker = (deps: {
  connection: ConnectionOptions;
  prefix: string;
  eventStore: EventStore;
  pool: Pool;
  now: () => Date;
  jobLock?: { lockDuration: number; stalledInterval: number; maxStalledCount: number };
}) => {
  const worker = new Worker<RuleTestJob>(RULE_TEST_QUEUE, inJobContext(ruleTestProcessor(deps)), {
    connection: deps.connection,
    prefix: deps.prefix,
    // A run keeps the engine's slots busy on its own.
    concurrency: 1,
    ...deps.jobLock,
  });
  worker.on('failed', (job, err) => {
    logger.warn({ jobId: job?.id, err }, 'rule test job failed');
    if (!job || job.attemptsMade < (job.opts.attempts ?? 1)) return;
    void handleCommand(deps.eventStore, ruleTestStreamId(job.data.runId), batchTestDecider, {
      type: 'FailBatchTest',
      data: { runId: job.data.runId, reason: '批量测试执行失败' },
      metadata: { now: deps.now() },
    }).catch((error: unknown) =>
      logger.error({ err: error, runId: job.data.runId }, 'could not record a failed rule test'),
    );
  });
  worker.on('error', (err) => logger.error({ err }, 'rule test worker error'));
  return worker;
};
