/**
 * The async context of the work in hand: which process it runs in (several run in one Node
 * process in the tests) and the request it serves. Logs, metrics and appended events read it,
 * so a request id travels from the edge to the log lines and events it caused without being
 * passed through every call.
 */
import { AsyncLocalStorage } from 'node:async_hooks';

export type WorkContext = { service: string; requestId?: string };

const storage = new AsyncLocalStorage<WorkContext>();

export const currentContext = (): WorkContext | undefined => storage.getStore();

/** The process name for metrics: the context's, else FEIBAO_SERVICE (set by each main.ts). */
export const currentService = () => storage.getStore()?.service ?? process.env.FEIBAO_SERVICE ?? 'unknown';

/** Runs `work` (and everything it starts: timers, queue loops, sockets) as `context`. */
export const runInContext = <T>(context: WorkContext, work: () => T): T => storage.run(context, work);

/** The same service, another request id (a job carrying the id of the request that caused it). */
export const withRequestId = <T>(requestId: string | undefined, work: () => T): T =>
  requestId ? storage.run({ service: currentService(), requestId }, work) : work();
