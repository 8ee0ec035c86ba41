import { waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { liveCloseCodes } from '@paylane/shared/contracts/live';
import { stubWebSocket } from '../test/fake-web-socket';
import { stubFetch } from '../test/fetch-stub';
import { makeTokenPair, storeSession } from '../test/fixtures';
import { installSession, signIn } from './session';
import { readAccessToken, readRefreshToken, storageKeys } from './session-storage';
import { openLiveSocket, type LiveSocket } from './socket';

const PATH = '/ws/chat/cust-1/';

describe('live socket and the session (issue 14)', () => {
  let navigate: ReturnType<typeof vi.fn<(to: string) => void>>;
  let uninstall: () => void;
  let live: LiveSocket | null = null;

  beforeEach(() => {
    navigate = vi.fn<(to: string) => void>();
    uninstall = installSession({ navigate, resetState: () => {} });
  });
  afterEach(() => {
    live?.close();
    live = null;
    uninstall();
  });

  /** Opens the socket the way the chat does: after= the last message seen. */
  const openChat = () => {
    let lastSeen: string | null = null;
    live = openLiveSocket({
      path: PATH,
      query: () => ({ after: lastSeen }),
      onEvent: (event) => {
        lastSeen = (event as { message: { id: string } }).message.id;
      },
    });
  };

  it('reconnects at once with a fresh access token after 4001 and asks for what came after', async () => {
    const stored = storeSession({ expiresInSeconds: 300 });
    const fresh = makeTokenPair({ expiresInSeconds: 600 });
    const api = stubFetch({ 'POST /api/token/refresh/': () => ({ body: fresh }) });
    const { socketsTo } = stubWebSocket();
    openChat();
    const [first] = socketsTo(PATH);
    expect(first!.url.searchParams.get('token')).toBe(stored.access);
    first!.open();
    first!.push({ type: 'message', message: { id: 'm-7' } });

    // The server's clock says the token expired although this browser thinks 300 s remain.
    first!.closeByServer(liveCloseCodes.tokenExpired, 'Token expired');
    await waitFor(() => expect(socketsTo(PATH)).toHaveLength(2));
    const second = socketsTo(PATH)[1]!;
    expect(second.url.searchParams.get('token')).toBe(fresh.access);
    expect(second.url.searchParams.get('after')).toBe('m-7');
    expect(api.callsTo('POST /api/token/refresh/').map((call) => call.body)).toEqual([
      { refresh: stored.refresh },
    ]);
  });

  it('after 4001 uses the token the session already renewed, without another refresh', async () => {
    storeSession({ expiresInSeconds: 300 });
    const api = stubFetch({});
    const { socketsTo } = stubWebSocket();
    openChat();
    const [first] = socketsTo(PATH);
    first!.open();
    const renewed = makeTokenPair({ expiresInSeconds: 600 }).access;
    window.localStorage.setItem(storageKeys.accessToken, renewed); // the heartbeat, or another tab
    first!.closeByServer(liveCloseCodes.tokenExpired, 'Token expired');
    await waitFor(() => expect(socketsTo(PATH)).toHaveLength(2));
    expect(socketsTo(PATH)[1]!.url.searchParams.get('token')).toBe(renewed);
    expect(api.callsTo('POST /api/token/refresh/')).toHaveLength(0);
  });

  it('after 4003 does not reconnect; a session that ended logs out', async () => {
    signIn(makeTokenPair()); // signed in on this page, so the logout leaves for Login
    const api = stubFetch({
      'POST /api/token/refresh/': { status: 401, body: { detail: 'Token is invalid or expired' } },
      'POST /api/token/blacklist/': { body: {} },
    });
    const { socketsTo } = stubWebSocket();
    vi.useFakeTimers();
    openChat();
    socketsTo(PATH)[0]!.open();
    socketsTo(PATH)[0]!.closeByServer(liveCloseCodes.accessRevoked, 'Session ended');
    await vi.advanceTimersByTimeAsync(60_000);
    expect(socketsTo(PATH)).toHaveLength(1);
    expect(api.callsTo('POST /api/token/refresh/')).toHaveLength(1);
    expect(readRefreshToken()).toBeNull();
    expect(navigate).toHaveBeenCalledWith('/login');
  });

  it('stops retrying refused handshakes once the session turns out to be over', async () => {
    storeSession();
    const api = stubFetch({
      'POST /api/token/refresh/': { status: 401, body: { detail: 'Token is invalid or expired' } },
      'POST /api/token/blacklist/': { body: {} },
    });
    const { socketsTo } = stubWebSocket();
    vi.useFakeTimers();
    openChat();
    socketsTo(PATH)[0]!.drop(); // refused before it opened: the browser sees only a close
    await vi.advanceTimersByTimeAsync(10 * 60_000);
    expect(socketsTo(PATH)).toHaveLength(1);
    expect(api.callsTo('POST /api/token/refresh/')).toHaveLength(1);
    expect(readAccessToken()).toBeNull();
  });

  it('keeps retrying a server that is away while the session holds', async () => {
    storeSession();
    const fresh = makeTokenPair();
    const api = stubFetch({ 'POST /api/token/refresh/': () => ({ body: fresh }) });
    const { socketsTo } = stubWebSocket();
    vi.useFakeTimers();
    openChat();
    for (let i = 0; i < 4; i += 1) {
      socketsTo(PATH).at(-1)!.drop();
      await vi.advanceTimersByTimeAsync(10_000);
    }
    expect(socketsTo(PATH)).toHaveLength(5);
    // One session check for the run of refused connections, not one per attempt.
    expect(api.callsTo('POST /api/token/refresh/')).toHaveLength(1);
    expect(socketsTo(PATH).at(-1)!.url.searchParams.get('token')).toBe(fresh.access);
  });
});
