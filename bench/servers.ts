// The servers the benchmark runs against, all on loopback and on ports of its own (the e2e tests use
// 4173-4177 at the same time): the sandbox and the demo merchant as child processes started the way
// playwright.config.ts starts them, and the floor pages, served by this process.

import { spawn, type ChildProcess } from 'node:child_process';
import { createServer, type Server } from 'node:http';
import { createConnection } from 'node:net';
import { resolve } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { HOSTNAME, urlsFor, type SandboxPorts, type SandboxUrls } from '../sandbox/config.ts';

const root = resolve(import.meta.dirname, '..');

export const BENCH_PORTS: SandboxPorts = {
  demo: 4373,
  token: 4374,
  engine: 4375,
  threeDs: 4376,
  sandbox: 4377,
};
/** The floor pages: the merchant side on 127.0.0.1, the frame on localhost (another site, as the token host). */
export const FLOOR_PORT = 4378;

export function benchEnv(ports: SandboxPorts): Record<string, string> {
  return {
    DEMO_PORT: String(ports.demo),
    SVC_TOKEN_PORT: String(ports.token),
    SVC_ENGINE_PORT: String(ports.engine),
    SVC_3DS_PORT: String(ports.threeDs),
    SVC_SANDBOX_PORT: String(ports.sandbox),
  };
}

function portInUse(port: number): Promise<boolean> {
  return new Promise((done) => {
    const socket = createConnection({ host: HOSTNAME, port });
    socket.once('connect', () => {
      socket.destroy();
      done(true);
    });
    socket.once('error', () => {
      done(false);
    });
  });
}

/** Every child this process started and has not stopped, for a Ctrl-C that comes mid-start. */
const started = new Set<Child>();

export function stopAllChildren(): Promise<void> {
  return Promise.all([...started].map(stopChild)).then(() => undefined);
}

export interface Child {
  name: string;
  process: ChildProcess;
  stderr: string[];
}

/** Starts `tsx <script>` in its own process group, so stopping it also stops the node process tsx runs. */
function startChild(name: string, script: string, env: Record<string, string>): Child {
  const tsx = resolve(root, 'node_modules/.bin/tsx');
  const child = spawn(tsx, [script], {
    cwd: root,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'ignore', 'pipe'],
    detached: true,
  });
  const stderr: string[] = [];
  const entry = { name, process: child, stderr };
  started.add(entry);
  child.once('exit', () => started.delete(entry));
  child.stderr.on('data', (chunk: Buffer) => {
    stderr.push(String(chunk));
  });
  return entry;
}

async function waitForUrl(url: string, child: Child, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.process.exitCode !== null || child.process.signalCode !== null) {
      throw new Error(`${child.name} exited before it answered ${url}:\n${child.stderr.join('')}`);
    }
    try {
      const response = await fetch(url, { signal: AbortSignal.timeout(2_000) });
      if (response.ok) return;
    } catch {
      // Not listening yet.
    }
    await sleep(150);
  }
  throw new Error(`${child.name} did not answer ${url} within ${String(timeoutMs / 1000)} s`);
}

function stopChild(child: Child): Promise<void> {
  const { process: p } = child;
  if (p.exitCode !== null || p.signalCode !== null || p.pid === undefined) return Promise.resolve();
  const pid = p.pid;
  return new Promise((done) => {
    const timer = setTimeout(() => {
      try {
        process.kill(-pid, 'SIGKILL');
      } catch {
        // Already gone.
      }
    }, 5_000);
    p.once('exit', () => {
      clearTimeout(timer);
      done();
    });
    try {
      // The group this process started: tsx and the node process it runs.
      process.kill(-pid, 'SIGTERM');
    } catch {
      clearTimeout(timer);
      done();
    }
  });
}

export interface RunningServers {
  urls: SandboxUrls;
  floorPageUrl: string;
  floorFrameOrigin: string;
  stop(): Promise<void>;
}

/** Starts the sandbox, then the demo (its backend talks to the sandbox), then the floor server. */
export async function startServers(ports: SandboxPorts = BENCH_PORTS): Promise<RunningServers> {
  const wanted = [ports.demo, ports.token, ports.engine, ports.threeDs, ports.sandbox, FLOOR_PORT];
  const busy: number[] = [];
  for (const port of wanted) if (await portInUse(port)) busy.push(port);
  if (busy.length > 0) {
    throw new Error(
      `port(s) ${busy.join(', ')} already in use on ${HOSTNAME}: is another benchmark running? ` +
        'The benchmark starts its own servers and never reuses running ones.',
    );
  }
  const env = benchEnv(ports);
  const urls = urlsFor(ports);
  const children: Child[] = [];
  let floor: Server | undefined;
  const stop = async () => {
    if (floor !== undefined) {
      const server = floor;
      floor = undefined;
      server.closeAllConnections();
      await new Promise<void>((done) => {
        server.close(() => {
          done();
        });
      });
    }
    await Promise.all(children.splice(0).map(stopChild));
  };
  try {
    const sandbox = startChild('sandbox', 'sandbox/main.ts', env);
    children.push(sandbox);
    await waitForUrl(`http://${HOSTNAME}:${String(ports.token)}/__sandbox/health`, sandbox);
    const demo = startChild('demo', 'demo/server.ts', env);
    children.push(demo);
    await waitForUrl(`${urls.demoUrl}/`, demo);
    floor = await startFloorServer(FLOOR_PORT);
  } catch (error) {
    await stop();
    throw error;
  }
  return {
    urls,
    floorPageUrl: `http://127.0.0.1:${String(FLOOR_PORT)}/floor.html`,
    floorFrameOrigin: `http://localhost:${String(FLOOR_PORT)}`,
    stop,
  };
}

/**
 * The floor: a merchant page (127.0.0.1) embedding a cross-origin frame (localhost) that holds one
 * plain <input>. The frame says hello when its input exists; the page answers with a MessagePort, as
 * the SDK's handshake does. A submit over the port makes the frame POST JSON to its own origin, like
 * the card frame's Token/Generate.
 */
export function floorPages(port: number): { page: string; frame: string } {
  const pageOrigin = `http://127.0.0.1:${String(port)}`;
  const frameOrigin = `http://localhost:${String(port)}`;
  const page = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>Floor: a cross-origin frame with one input</title>
<link rel="icon" href="data:,">
<script>
(() => {
  const frameOrigin = ${JSON.stringify(frameOrigin)};
  const pending = new Map();
  let nextId = 1;
  window.floor = { ready: undefined, port: undefined, waiters: [] };
  addEventListener('message', (event) => {
    if (event.origin !== frameOrigin || !event.data || event.data.type !== 'hello') return;
    const channel = new MessageChannel();
    channel.port1.onmessage = (reply) => {
      const resolve = pending.get(reply.data.id);
      pending.delete(reply.data.id);
      if (resolve) resolve(reply.data.body);
    };
    event.source.postMessage({ type: 'connect' }, frameOrigin, [channel.port2]);
    window.floor.port?.close();
    window.floor.port = channel.port1;
    window.floor.ready ??= performance.now();
    for (const waiter of window.floor.waiters.splice(0)) waiter();
  });
  window.floor.submit = (body) =>
    new Promise((resolve) => {
      const id = nextId++;
      pending.set(id, resolve);
      window.floor.port.postMessage({ id, body });
    });
  // One mount/destroy cycle: a new frame, its hello and port, then the frame and port are gone.
  // Resolves with the time from creating the frame to its hello.
  window.floor.cycle = () =>
    new Promise((resolve) => {
      const started = performance.now();
      const frame = document.createElement('iframe');
      frame.src = frameOrigin + '/frame.html';
      frame.title = 'Card';
      window.floor.waiters.push(() => {
        const elapsed = performance.now() - started;
        frame.remove();
        window.floor.port.close();
        window.floor.port = undefined;
        resolve(elapsed);
      });
      document.getElementById('slot').append(frame);
    });
})();
</script>
</head>
<body>
<label for="f">Card</label>
<div id="slot"><iframe id="f" src="${frameOrigin}/frame.html" title="Card"></iframe></div>
</body>
</html>
`;
  const frame = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>Floor frame</title>
</head>
<body>
<label for="number">Card number</label>
<input id="number" name="cardnumber" autocomplete="cc-number" inputmode="numeric">
<script>
(() => {
  const parentOrigin = ${JSON.stringify(pageOrigin)};
  addEventListener('message', (event) => {
    if (event.origin !== parentOrigin || !event.data || event.data.type !== 'connect') return;
    const port = event.ports[0];
    port.onmessage = async (message) => {
      const response = await fetch('/echo', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(message.data.body),
      });
      port.postMessage({ id: message.data.id, body: await response.json() });
    };
  });
  parent.postMessage({ type: 'hello' }, parentOrigin);
})();
</script>
</body>
</html>
`;
  return { page, frame };
}

function startFloorServer(port: number): Promise<Server> {
  const { page, frame } = floorPages(port);
  const server = createServer((request, response) => {
    const started = performance.now();
    const url = new URL(request.url ?? '/', 'http://floor');
    const host = request.headers.host ?? '';
    const send = (status: number, type: string, body: string) => {
      response.writeHead(status, {
        'content-type': type,
        'cache-control': 'no-store',
        'server-timing': `app;dur=${(performance.now() - started).toFixed(1)}`,
      });
      response.end(body);
    };
    if (request.method === 'GET' && url.pathname === '/floor.html' && host.startsWith('127.0.0.1:')) {
      send(200, 'text/html; charset=utf-8', page);
    } else if (request.method === 'GET' && url.pathname === '/frame.html' && host.startsWith('localhost:')) {
      send(200, 'text/html; charset=utf-8', frame);
    } else if (request.method === 'POST' && url.pathname === '/echo') {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        let parsed: unknown;
        try {
          parsed = JSON.parse(Buffer.concat(chunks).toString('utf8'));
        } catch {
          send(400, 'application/json', '{"error":"malformed_json"}');
          return;
        }
        send(200, 'application/json', JSON.stringify({ token: 'floor', echoed: parsed !== null }));
      });
    } else {
      send(404, 'text/plain', 'Not found.');
    }
  });
  return new Promise((done, fail) => {
    server.once('error', fail);
    server.listen(port, HOSTNAME, () => {
      done(server);
    });
  });
}
