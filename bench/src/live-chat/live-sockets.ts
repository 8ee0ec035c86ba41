// Websocket clients for `bench:live-chat`: open many, and follow the events they receive.
import WebSocket from 'ws';

export type LiveEvent = { type: string; message?: { id: string; body: string; status: string } };

export type BenchSocket = { socket: WebSocket; customerId: string };

/** Opens a socket and waits for its catch-up to end ('ready'); `onEvent` sees every event after that. */
export function openChatSocket(
  wsBase: string,
  token: string,
  customerId: string,
  onEvent: (event: LiveEvent, customerId: string) => void,
): Promise<BenchSocket> {
  const socket = new WebSocket(`${wsBase}/ws/chat/${customerId}/?token=${encodeURIComponent(token)}`);
  return new Promise((resolve, reject) => {
    let isReady = false;
    socket.on('message', (data) => {
      const event = JSON.parse(String(data)) as LiveEvent;
      if (isReady) return onEvent(event, customerId);
      if (event.type === 'ready') {
        isReady = true;
        resolve({ socket, customerId });
      }
    });
    socket.once('unexpected-response', (_request, response) =>
      reject(new Error(`handshake refused: HTTP ${response.statusCode}`)),
    );
    socket.once('error', reject);
  });
}

/** Opens one socket per customer, `concurrency` handshakes at a time. */
export async function openChatSockets(
  wsBase: string,
  token: string,
  customerIds: string[],
  onEvent: (event: LiveEvent, customerId: string) => void,
  concurrency = 50,
): Promise<BenchSocket[]> {
  const opened: BenchSocket[] = [];
  let next = 0;
  const worker = async () => {
    while (next < customerIds.length) {
      const customerId = customerIds[next++]!;
      opened.push(await openChatSocket(wsBase, token, customerId, onEvent));
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  return opened;
}

export async function closeAll(sockets: BenchSocket[]): Promise<void> {
  await Promise.all(
    sockets.map(
      ({ socket }) =>
        new Promise<void>((resolve) => {
          if (socket.readyState === WebSocket.CLOSED) return resolve();
          socket.once('close', () => resolve());
          socket.close();
        }),
    ),
  );
}

export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}
