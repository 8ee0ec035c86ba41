// A live connection to one of the API's websockets (/ws/chat/{customerId}/, /ws/inbox/{merchantId}/). The
// access token goes in the query (browsers cannot set headers on a websocket); a dropped connection comes
// back with a growing pause, and asks again with the caller's latest query (e.g. after=<last message id>)
// so the server can send what was missed meanwhile. A socket lives no longer than its session: the server
// closes it when its token expires (4001: reconnect at once with a fresh token) or when the session or the
// membership ends (4003: no reconnect; the session checks itself and logs out when it is over).
import { liveCloseCodes } from '@paylane/shared/contracts/live';
import { accessExpiresAt } from './jwt';
import { refreshAccessToken } from './session';
import { readAccessToken } from './session-storage';
import { shouldRefreshAccess } from './session-timing';

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
  // Set when the next connect must renew the token first, even if it looks fresh to this browser's clock.
  let mustRefresh = false;
  // A run of refused handshakes asks the session to check itself once.
  let hasCheckedSession = false;

  const connect = async () => {
    timer = null;
    if (isClosed) return;
    // The session's own refresh (one at a time, across tabs): a token that is about to expire is renewed
    // before it goes into the URL, and a refused refresh logs the session out.
    if (mustRefresh || shouldRefreshAccess(Date.now(), accessExpiresAt(readAccessToken()))) {
      const force = mustRefresh;
      mustRefresh = false;
      await refreshAccessToken({ force }).catch(() => {});
      if (isClosed) return;
    }
    // Read now, not when the socket was first opened: the session may have renewed it meanwhile.
    const token = readAccessToken();
    if (!token) return; // logged out: nothing to reconnect to
    const current = new WebSocket(socketUrl(options.path, { token, ...options.query?.() }));
    socket = current;
    let didOpen = false;
    current.onopen = () => {
      didOpen = true;
      attempt = 0;
      hasCheckedSession = false;
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
    current.onclose = (event: CloseEvent) => {
      if (socket !== current) return;
      socket = null;
      options.onOpenChange?.(false);
      if (isClosed) return;
      if (event.code === liveCloseCodes.accessRevoked) {
        // Over for this socket. If the whole session ended, the refresh is refused and the session logs out.
        void refreshAccessToken({ force: true }).catch(() => {});
        return;
      }
      if (event.code === liveCloseCodes.tokenExpired) {
        // Renewed unless another tab or the session's heartbeat already stored a newer token.
        mustRefresh = readAccessToken() === token;
        void connect();
        return;
      }
      // A browser does not see a refused handshake's 401: a connection that never opened has the session
      // check itself once (a refused refresh logs out, and the next connect finds no token and stops).
      if (!didOpen && !hasCheckedSession) {
        hasCheckedSession = true;
        mustRefresh = true;
      }
      timer = setTimeout(() => void connect(), reconnectDelay(attempt));
      attempt += 1;
    };
  };

  void connect();
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
