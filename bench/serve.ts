/**
 * One platform process for the benchmark, started on an ephemeral port so the bench never
 * collides with a running platform: command, query or workers — or `bare`, the yardstick of
 * baseline.ts answering the body in the file named. The parent reads the port from the IPC channel and sends "stop" to shut it down cleanly.
 */
import { readFileSync } from 'node:fs';
import { loadConfig } from '@feibao/platform/config';
import { startCommandService } from '@feibao/command-service/service';
import { startQueryService } from '@feibao/query-service/service';
import { startWorkers } from '@feibao/workers/service';
import { bareServer } from './baseline.ts';

const [role, ...args] = process.argv.slice(2);
process.env.FEIBAO_SERVICE ??= `bench-${role}`;
const config = loadConfig(process.env);

let stop: () => Promise<void>;
let port = 0;
if (role === 'command') ({ port, stop } = await startCommandService(config, { port: 0 }));
else if (role === 'query') ({ port, stop } = await startQueryService(config, { port: 0 }));
else if (role === 'workers') ({ stop } = await startWorkers(config, { port: 0 }));
else if (role === 'bare') ({ port, close: stop } = await bareServer(readFileSync(args[0]!, 'utf8')));
else throw new Error(`unknown role ${role}`);

process.on('message', (message) => {
  if (message !== 'stop') return;
  void stop().finally(() => process.exit(0));
});
process.send!({ role, port });
