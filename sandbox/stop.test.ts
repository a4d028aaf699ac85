// Stopping `npm run sandbox` (or `npm run demo`) by its process id, as a process manager or a script
// does, ends every server it started: no child is left holding a port.

import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { connect } from 'node:net';
import { describe, expect, it, onTestFinished } from 'vitest';

const ROOT = new URL('..', import.meta.url).pathname;
const SCRIPTS = (
  JSON.parse(readFileSync(`${ROOT}package.json`, 'utf8')) as { scripts: Record<string, string> }
).scripts;
const FREE_PORTS = {
  DEMO_PORT: '0',
  SVC_TOKEN_PORT: '0',
  SVC_ENGINE_PORT: '0',
  SVC_3DS_PORT: '0',
  SVC_SANDBOX_PORT: '0',
  SVC_WALLETS_PORT: '0',
};

/** Whether something accepts connections on the loopback port. */
function listening(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect({ port, host: '127.0.0.1' });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => {
      resolve(false);
    });
  });
}

/** Starts `command` as npm does (`sh -c`), and waits for the ports it prints once every server is up. */
async function start(command: string[]): Promise<{ child: ChildProcess; ports: number[] }> {
  const child = spawn(command[0] ?? '', command.slice(1), {
    cwd: ROOT,
    env: { ...process.env, ...FREE_PORTS },
    stdio: ['ignore', 'pipe', 'pipe'],
    // A group of its own, so that what a failed stop leaves behind can be ended after the test.
    detached: true,
  });
  onTestFinished(() => {
    try {
      process.kill(-(child.pid ?? 0), 'SIGKILL');
    } catch {
      // The group is gone: nothing was left.
    }
  });
  let out = '';
  child.stderr.on('data', (chunk: Buffer) => (out += chunk.toString()));
  const printed = await new Promise<string>((resolve, reject) => {
    child.stdout.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      if (out.includes('Press Ctrl-C to stop.')) resolve(out);
    });
    child.once('exit', (code) => {
      reject(new Error(`${command.join(' ')} ended (${String(code)}) before it was up:\n${out}`));
    });
  });
  const ports = [...printed.matchAll(/http:\/\/(?:localhost|127\.0\.0\.1):(\d+)/g)].map((m) => Number(m[1]));
  return { child, ports };
}

/** Sends `signal` to the command's own process and waits until none of its ports answers. */
async function stop(child: ChildProcess, ports: number[], signal: NodeJS.Signals): Promise<number[]> {
  child.kill(signal);
  const deadline = Date.now() + 4_000;
  let open = ports;
  while (Date.now() < deadline) {
    const states = await Promise.all(ports.map(listening));
    open = ports.filter((_, i) => states[i]);
    if (open.length === 0) break;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return open;
}

describe('a stop', () => {
  for (const signal of ['SIGTERM', 'SIGINT'] as const) {
    it(`sent to npm run sandbox (${signal}) frees every port it took`, async () => {
      const { child, ports } = await start(['npm', 'run', 'sandbox']);
      expect(ports).toHaveLength(5);
      expect(await Promise.all(ports.map(listening))).toEqual([true, true, true, true, true]);
      expect(await stop(child, ports, signal)).toEqual([]);
    }, 30_000);
  }

  it('sent to npm run demo (SIGTERM) frees the demo and sandbox ports once its servers run', async () => {
    // After its builds (too slow for a unit test), the demo script runs its last command in npm's
    // shell: started the same way here, it gets the signal npm forwards to that shell.
    const serve = SCRIPTS['demo']?.split('&&').at(-1)?.trim() ?? '';
    expect(serve).toBe('exec node --import tsx demo/start.ts');
    const { child, ports } = await start(['sh', '-c', serve]);
    expect(ports).toHaveLength(6);
    expect(await stop(child, ports, 'SIGTERM')).toEqual([]);
  }, 30_000);

  it('is what each npm script that starts servers hands straight to node', () => {
    expect(SCRIPTS['sandbox']).toBe('exec node --import tsx sandbox/main.ts');
  });
});
