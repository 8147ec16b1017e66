/**
 * One platform process for the benchmark (command, query or workers), started on an
 * ephemeral port so the bench never collides with a running platform. The parent reads
 * the port from the IPC channel and sends "stop" to shut it down cleanly.
 */
import { loadConfig } from '@feibao/platform';
import { startCommandService } from '@feibao/command-service/service';
import { startQueryService } from '@feibao/query-service/service';
import { startWorkers } from '@feibao/workers/service';

const role = process.argv[2];
process.env.FEIBAO_SERVICE ??= `bench-${role}`;
const config = loadConfig(process.env);

let stop: () => Promise<void>;
let port = 0;
if (role === 'command') ({ port, stop } = await startCommandService(config, { port: 0 }));
else if (role === 'query') ({ port, stop } = await startQueryService(config, { port: 0 }));
else if (role === 'workers') ({ stop } = await startWorkers(config, { port: 0 }));
else throw new Error(`unknown role ${role}`);

process.on('message', (message) => {
  if (message !== 'stop') return;
  void stop().finally(() => process.exit(0));
});
process.send!({ role, port });
