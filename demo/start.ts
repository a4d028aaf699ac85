// `npm run demo`: the sandbox and the demo merchant in one process (demo/server.ts); Ctrl-C stops both.
// The e2e tests start it too (playwright.config.ts).

import { closeOnSignals, describeSandbox, startOrExit } from '../sandbox/main.ts';
import { startDemoStack } from './server.ts';

const stack = await startOrExit(() => startDemoStack());

console.log(`
Checkout demo is running.

  Open the demo:  ${stack.urls.demoUrl}/

Sandbox (account "${stack.merchant.account}", ${stack.merchant.environment}):
${describeSandbox(stack.sandbox)}

Press Ctrl-C to stop.`);

closeOnSignals(() => stack.close(), 'the demo and the sandbox');
