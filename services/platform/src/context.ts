/**
 * The async context of the work in hand: which process it runs in (several run in one Node
 * process in the tests) and the request it serves. Logs, metrics and appended events read it,
 * so a request id travels from the edge to the log lines and events it caused without being
 * passed through every call.
 */
import { AsyncLocalStorage } from 'node:async_hooks';

/** `clientApp`: the app a request named by its access key (http/clientApp.ts). */
export type WorkContext = { service: string; requestId?: string; clientApp?: string };

const storage = new AsyncLocalStorage<WorkContext>();

export const currentContext = (): WorkContext | undefined => storage.getStore();

/** The process name for metrics: the context's, else FEIBAO_SERVICE (set by each main.ts). */
export const currentService = () => storage.getStore()?.service ?? process.env.FEIBAO_SERVICE ?? 'unknown';

/** Runs `work` (and everything it starts: timers, queue loops, sockets) as `context`. */
export const runInContext = <T>(context: WorkContext, work: () => T): T => storage.run(context, work);

/**
 * A BullMQ processor run in the context of the request that caused its job: dispatching
 * projections copy an event's `requestId` into the job data as `originRequestId`, so the worker's log lines and the
 * events it appends carry the id the edge gave the request.
 */
export const inJobContext =
  <J extends { data: unknown }, R>(process: (job: J, token?: string, signal?: AbortSignal) => Promise<R>) =>
  // Three declared parameters: BullMQ hands the abort signal only to processors that declare it.
  (job: J, token?: string, signal?: AbortSignal): Promise<R> => {
    const requestId = (job.data as { originRequestId?: unknown } | null)?.originRequestId;
    return withRequestId(typeof requestId === 'string' ? requestId : undefined, () => process(job, token, signal));
  };

/** The request id of a recorded event as job data: nothing when the event came from no request. */
export const originOf = (event: { requestId?: string }): { originRequestId?: string } =>
  event.requestId ? { originRequestId: event.requestId } : {};

/** The same service, another request id (a job carrying the id of the request that caused it). */
export const withRequestId = <T>(requestId: string | undefined, work: () => T): T =>
  requestId ? storage.run({ service: currentService(), requestId }, work) : work();
