// A live connection to one of the API's websockets (/ws/chat/{customerId}/, /ws/inbox/{merchantId}/). The
// access token goes in the query (browsers cannot set headers on a websocket); a dropped connection comes
// back with a growing pause, and asks again with the caller's latest query (e.g. after=<last message id>)
// so the server can send what was missed meanwhile.
import { readAccessToken } from './session-storage';

export type LiveSocketOptions = {
  /** '/ws/chat/{customerId}/' */
  path: string;
  /** Read at every (re)connect: values that move on while connected, such as the last message seen. */
  query?: () => Record<string, string | null | undefined>;
  /** Each event, parsed from JSON; text that is not JSON is dropped. */
  onEvent: (event: unknown) => void;
  /** Connected or not, for a "reconnecting" hint. */
  onOpenChange?: (isOpen: boolean) => void;
};

export type LiveSocket = { close: () => void };

/** Pauses before reconnect attempt n (0-based): 0.5 s, 1 s, 2 s, 4 s, 8 s, then 10 s. */
export const reconnectDelay = (attempt: number): number => Math.min(500 * 2 ** attempt, 10_000);

export function socketUrl(path: string, query: Record<string, string | null | undefined>): string {
  const { protocol, host } = window.location;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) if (value) params.set(key, value);
  const search = params.toString();
  return `${protocol === 'https:' ? 'wss' : 'ws'}://${host}${path}${search ? `?${search}` : ''}`;
}

export function openLiveSocket(options: LiveSocketOptions): LiveSocket {
  let socket: WebSocket | null = null;
  let timer: ReturnType<typeof setTimeout> | null = null;
  let attempt = 0;
  let isClosed = false;

  const connect = () => {
    timer = null;
    if (isClosed) return;
    const token = readAccessToken();
    const current = new WebSocket(socketUrl(options.path, { token, ...options.query?.() }));
    socket = current;
    current.onopen = () => {
      attempt = 0;
      options.onOpenChange?.(true);
    };
    current.onmessage = (message: MessageEvent) => {
      if (typeof message.data !== 'string') return;
      let event: unknown;
      try {
        event = JSON.parse(message.data) as unknown;
      } catch {
        return;
      }
      options.onEvent(event);
    };
    current.onclose = () => {
      if (socket !== current) return;
      socket = null;
      options.onOpenChange?.(false);
      if (isClosed) return;
      timer = setTimeout(connect, reconnectDelay(attempt));
      attempt += 1;
    };
  };

  connect();
  return {
    close: () => {
      isClosed = true;
      if (timer) clearTimeout(timer);
      const current = socket;
      socket = null;
      current?.close();
    },
  };
}
