import type { AddressInfo } from 'node:net';
import { performance } from 'node:perf_hooks';
import WebSocket from 'ws';
import { createTestApp, type TestApp, type TestAppOptions } from '../../test/app';
import { EVENT_WAIT_MS } from '../../test/wait';
import { startLiveListener, type LiveListener } from './live-listener.runtime';

export type LiveTestApp = TestApp & {
  listener: LiveListener;
  /** ws://127.0.0.1:<port> of the listening app. */
  wsBase: string;
};

/** createTestApp, plus what server.ts adds for live sockets: the database's notifications reach the hub. */
export async function createLiveTestApp(
  env: Record<string, string> = {},
  options: TestAppOptions = {},
): Promise<LiveTestApp> {
  const t = await createTestApp(env, options);
  const listener = await startLiveListener({
    database: t.database,
    hub: t.app.liveHub,
    log: t.app.log,
    retryMs: 50,
  });
  const { port } = t.app.server.address() as AddressInfo;
  return {
    ...t,
    listener,
    wsBase: `ws://127.0.0.1:${port}`,
    async close() {
      await listener.stop();
      await t.close();
    },
  };
}

export type LiveEvent = { type: string } & Record<string, unknown>;

/** How the server ended a socket, and when the client saw it (performance.now()). */
export type SocketClose = { code: number; reason: string; at: number };

export type TestSocket = {
  socket: WebSocket;
  /** Every event received so far, oldest first. */
  events: LiveEvent[];
  /** Settles when the connection closes, by whichever side. */
  closed: Promise<SocketClose>;
  /** The first event (received already or later) that matches, within `timeoutMs`. */
  waitFor(predicate: (event: LiveEvent) => boolean, timeoutMs?: number): Promise<LiveEvent>;
  close(): Promise<void>;
};

export function socketUrl(wsBase: string, path: string, query: Record<string, string | undefined>) {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) if (value !== undefined) params.set(key, value);
  return `${wsBase}${path}?${params.toString()}`;
}

/** A real websocket client, open (or rejected with the refused handshake's HTTP status). */
export async function openTestSocket(url: string): Promise<TestSocket> {
  const socket = new WebSocket(url);
  const events: LiveEvent[] = [];
  const waiters = new Set<() => void>();
  socket.on('message', (data) => {
    events.push(JSON.parse(String(data)) as LiveEvent);
    for (const wake of waiters) wake();
  });
  const closed = new Promise<SocketClose>((resolve) =>
    socket.once('close', (code, reason) => resolve({ code, reason: String(reason), at: performance.now() })),
  );
  await new Promise<void>((resolve, reject) => {
    socket.once('open', () => resolve());
    socket.once('unexpected-response', (_request, response) =>
      reject(Object.assign(new Error(`refused: ${response.statusCode}`), { status: response.statusCode })),
    );
    socket.once('error', reject);
  });
  const waitFor: TestSocket['waitFor'] = (predicate, timeoutMs = EVENT_WAIT_MS) =>
    new Promise((resolve, reject) => {
      const check = () => {
        const found = events.find(predicate);
        if (!found) return false;
        done();
        resolve(found);
        return true;
      };
      const timer = setTimeout(() => {
        done();
        reject(new Error(`no matching event within ${timeoutMs} ms; got ${JSON.stringify(events)}`));
      }, timeoutMs);
      const wake = () => void check();
      const done = () => {
        clearTimeout(timer);
        waiters.delete(wake);
      };
      if (!check()) waiters.add(wake);
    });
  const close = async () => {
    if (socket.readyState !== WebSocket.CLOSED) socket.close();
    await closed;
  };
  return { socket, events, closed, waitFor, close };
}

/**
 * How the socket was closed, failing clearly when it is still open after `deadlineMs` (a generous bound for
 * a busy machine: the test asserts its own, tighter timing on the returned instant).
 */
export async function closedWithin(socket: TestSocket, deadlineMs = EVENT_WAIT_MS): Promise<SocketClose> {
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(
      () => reject(new Error(`the socket is still open after ${deadlineMs} ms`)),
      deadlineMs,
    );
  });
  try {
    return await Promise.race([socket.closed, deadline]);
  } finally {
    clearTimeout(timer);
  }
}

/** The HTTP status a refused handshake answered (the test fails if the socket opened). */
export async function refusedStatus(url: string): Promise<number> {
  try {
    const opened = await openTestSocket(url);
    await opened.close();
    throw new Error(`the socket opened: ${url}`);
  } catch (error) {
    const status = (error as { status?: number }).status;
    if (status === undefined) throw error;
    return status;
  }
}

type MessageEvent = { type: 'message'; message: { id: string; body: string; status: string } };

/** The 'message' event about a message of this body (and status, when given). */
export const isMessage =
  (body: string, status?: string) =>
  (event: LiveEvent): boolean => {
    if (event.type !== 'message') return false;
    const { message } = event as unknown as MessageEvent;
    return message.body === body && (status === undefined || message.status === status);
  };

export const messageOf = (event: LiveEvent) => (event as unknown as MessageEvent).message;
