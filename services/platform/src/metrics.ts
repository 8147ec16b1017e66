/**
 * Prometheus metrics (prom-client). Each process keeps one registry labelled with its name;
 * the tests run all four processes in one Node process, so registries are kept per name rather
 * than in prom-client's global one. The edge's `/metrics` joins every process's series
 * (processes.ts) with `service` and `instance` labels, so one scrape sees the whole platform.
 */
import { timingSafeEqual } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import {
  collectDefaultMetrics,
  Counter,
  Histogram,
  type MetricObjectWithValues,
  type MetricValue,
  Registry,
} from 'prom-client';
import { currentService } from './context.ts';

const createServiceMetrics = (service: string) => {
  const registry = new Registry();
  registry.setDefaultLabels({ service });
  collectDefaultMetrics({ register: registry });
  const registers = [registry];
  return {
    registry,
    httpRequests: new Counter({
      name: 'http_requests_total',
      help: 'HTTP requests answered, by route template (never the raw path) and status',
      labelNames: ['method', 'route', 'status'] as const,
      registers,
    }),
    httpDuration: new Histogram({
      name: 'http_request_duration_seconds',
      help: 'Time to answer an HTTP request, by route template',
      labelNames: ['method', 'route'] as const,
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      registers,
    }),
    commandConflicts: new Counter({
      name: 'command_conflicts_total',
      help: 'Optimistic-concurrency conflicts on append, by stream kind; each makes the command decide again',
      labelNames: ['stream'] as const,
      registers,
    }),
    commandConflictFailures: new Counter({
      name: 'command_conflict_failures_total',
      help: 'Commands that gave up after every attempt conflicted, by stream kind',
      labelNames: ['stream'] as const,
      registers,
    }),
    quoteTurnaround: new Histogram({
      name: 'quote_turnaround_seconds',
      help: 'From a quote request to the insurer answer recorded for it',
      labelNames: ['insurer', 'outcome'] as const,
      // Insurers answer in 1–3 working days; demos compress a day to seconds (QUOTE_DAY_SECONDS).
      buckets: [1, 10, 60, 600, 3600, 4 * 3600, 86_400, 2 * 86_400, 3 * 86_400, 5 * 86_400, 7 * 86_400],
      registers,
    }),
  };
};
export type ServiceMetrics = ReturnType<typeof createServiceMetrics>;

const byService = new Map<string, ServiceMetrics>();

/** The metrics of a process (by default the one the current work runs in). */
export const metricsFor = (service: string = currentService()): ServiceMetrics => {
  let metrics = byService.get(service);
  if (!metrics) {
    metrics = createServiceMetrics(service);
    byService.set(service, metrics);
  }
  return metrics;
};

/** The stream's kind (`order`, `claim`…): ids would make one series per aggregate. */
export const streamKind = (streamId: string) => streamId.split(/[-:]/)[0] || 'unknown';

// ---- access ---------------------------------------------------------------

const privateAddress = (address: string) => {
  const a = address.replace(/^::ffff:/, '');
  return (
    a === '::1' ||
    a.startsWith('127.') ||
    a.startsWith('10.') ||
    a.startsWith('192.168.') ||
    /^172\.(1[6-9]|2\d|3[01])\./.test(a) ||
    /^f[cd][0-9a-f]{2}:/i.test(a)
  );
};

/**
 * Who may read `/metrics` and `/internal/health`: with METRICS_TOKEN set, a caller sending it as a
 * bearer token; without, a caller on this host or a private network whose request no proxy relayed
 * (a proxy in front of the edge adds X-Forwarded-For, so the public never gets in through one).
 */
export const mayReadInternals = (req: IncomingMessage, token: string | undefined) => {
  if (token) {
    const sent = Buffer.from(req.headers.authorization?.replace(/^Bearer\s+/i, '') ?? '');
    const wanted = Buffer.from(token);
    return sent.length === wanted.length && timingSafeEqual(sent, wanted);
  }
  return privateAddress(req.socket.remoteAddress ?? '') && req.headers['x-forwarded-for'] === undefined;
};

// ---- exposition -----------------------------------------------------------

export type MetricsSnapshot = MetricObjectWithValues<MetricValue<string>>[];

const escapeLabel = (value: string) => value.replace(/\\/g, '\\\\').replace(/\n/g, '\\n').replace(/"/g, '\\"');
const escapeHelp = (value: string) => value.replace(/\\/g, '\\\\').replace(/\n/g, '\\n');
const formatValue = (value: number) =>
  Number.isNaN(value) ? 'NaN' : value === Infinity ? '+Inf' : value === -Infinity ? '-Inf' : String(value);

/**
 * Prometheus text for the series of several processes together: one HELP/TYPE per name, every
 * process's samples under it, each sample with the extra labels of the process it came from.
 * (prom-client's AggregatorRegistry sums or keeps the first process's values instead.)
 */
export const renderMetrics = (sources: { labels: Record<string, string>; metrics: MetricsSnapshot }[]) => {
  const byName = new Map<string, { help: string; type: string; lines: string[] }>();
  for (const { labels, metrics } of sources) {
    for (const metric of metrics) {
      let entry = byName.get(metric.name);
      if (!entry) {
        entry = { help: metric.help, type: String(metric.type), lines: [] };
        byName.set(metric.name, entry);
      }
      for (const sample of metric.values) {
        const all = { ...sample.labels, ...labels } as Record<string, string | number>;
        const text = Object.entries(all)
          .filter(([, v]) => v !== undefined)
          .map(([k, v]) => `${k}="${escapeLabel(String(v))}"`)
          .join(',');
        const name = (sample as { metricName?: string }).metricName ?? metric.name;
        entry.lines.push(`${name}${text ? `{${text}}` : ''} ${formatValue(sample.value)}`);
      }
    }
  }
  return [...byName.entries()]
    .map(([name, e]) => [`# HELP ${name} ${escapeHelp(e.help)}`, `# TYPE ${name} ${e.type}`, ...e.lines].join('\n'))
    .join('\n')
    .concat('\n');
};

export const METRICS_CONTENT_TYPE = Registry.PROMETHEUS_CONTENT_TYPE;
