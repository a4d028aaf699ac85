// `npm run demo`: the sandbox and the demo merchant in one process; Ctrl-C stops both.

import { describeSandbox, runSandbox } from '../sandbox/main.ts';
import { merchantConfigFromEnv } from './config.ts';
import { startDemo } from './server.ts';

const sandbox = await runSandbox();
const config = merchantConfigFromEnv();
const demo = await startDemo(config);

console.log(`
Checkout demo is running.

  Open the demo:  http://127.0.0.1:${String(config.port)}/

Sandbox (account "${config.account}", ${config.environment}):
${describeSandbox(sandbox)}

Press Ctrl-C to stop.`);

let stopping = false;
function stop(): void {
  if (stopping) return;
  stopping = true;
  console.log('\nStopping the demo and the sandbox…');
  demo.close();
  if ('closeAllConnections' in demo) demo.closeAllConnections();
  void sandbox.close().then(() => {
    console.log('Stopped.');
    process.exit(0);
  });
}
process.once('SIGINT', stop);
process.once('SIGTERM', stop);
