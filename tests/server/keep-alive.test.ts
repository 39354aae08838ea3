import net from 'node:net';
import { Hono } from 'hono';
import { expect, test } from 'vitest';
import { boundPort, KEEP_ALIVE_MS, listen } from '../../server/runtime';

/** Sends one HTTP/1.1 request on `socket` and resolves with the status line of its answer. */
function ask(socket: net.Socket): Promise<string> {
  return new Promise((resolve, reject) => {
    if (socket.readyState !== 'open') {
      reject(new Error('The server had closed the idle connection'));
      return;
    }
    let text = '';
    const onData = (chunk: Buffer) => {
      text += chunk.toString();
      if (text.includes('\r\n\r\n') && text.endsWith('ok')) {
        socket.off('data', onData);
        resolve(text.split('\r\n', 1)[0] ?? '');
      }
    };
    socket.on('data', onData);
    socket.once('close', () => reject(new Error(`The server closed the connection (got: ${JSON.stringify(text)})`)));
    socket.write('GET /ping HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: keep-alive\r\n\r\n');
  });
}

test('an idle keep-alive connection outlives Node’s 5 s default, so a load balancer reusing it is not reset', async () => {
  expect(KEEP_ALIVE_MS).toBeGreaterThan(60_000);
  const app = new Hono();
  app.get('/ping', (c) => c.text('ok'));
  const server = await listen(app, 0, '127.0.0.1');
  const socket = net.connect(boundPort(server), '127.0.0.1');
  try {
    await new Promise<void>((resolve) => socket.once('connect', () => resolve()));
    expect(await ask(socket)).toBe('HTTP/1.1 200 OK');
    // Past Node's default (keepAliveTimeout 5 s, which Node closes at about 6 s): the same
    // connection still answers. Real time is what is tested: a socket's idle limit.
    await new Promise((resolve) => setTimeout(resolve, 6_500));
    expect(await ask(socket)).toBe('HTTP/1.1 200 OK');
  } finally {
    socket.destroy();
    server.close();
  }
}, 15_000);
