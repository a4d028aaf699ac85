// The floor's server (bench/floor/*.html): the page on 127.0.0.1, the frame on localhost (two sites, as
// the demo and the token host are), and the frame's POST, on a free port, each answer with its own time
// in Server-Timing (subtracted like the sandbox's).

import { readFileSync } from 'node:fs';
import { Hono, type Context } from 'hono';
import { timing } from 'hono/timing';
import { close, listen, portOf } from '../sandbox/server.ts';

const html = (name: string) => readFileSync(new URL(`floor/${name}`, import.meta.url), 'utf8');

export interface Floor {
  pageUrl: string;
  frameOrigin: string;
  close(): Promise<void>;
}

export async function startFloor(): Promise<Floor> {
  const app = new Hono();
  const on = (c: Context, host: string) => c.req.header('host')?.startsWith(`${host}:`) === true;
  let frameOrigin = '';
  app.use(timing(), async (c, next) => {
    await next();
    c.header('cache-control', 'no-store');
  });
  app.get('/floor.html', (c) =>
    on(c, '127.0.0.1') ? c.html(html('page.html').replaceAll('{{frameOrigin}}', frameOrigin)) : c.notFound(),
  );
  app.get('/frame.html', (c) => (on(c, 'localhost') ? c.html(html('frame.html')) : c.notFound()));
  app.post('/echo', async (c) => c.json({ token: 'floor', echoed: (await c.req.json()) !== null }));
  const server = await listen(app.fetch, 0);
  const port = String(portOf(server));
  frameOrigin = `http://localhost:${port}`;
  return { pageUrl: `http://127.0.0.1:${port}/floor.html`, frameOrigin, close: () => close(server) };
}
