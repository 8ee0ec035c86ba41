import { performance } from 'node:perf_hooks';
import type { WebSocket } from 'ws';
import { liveCloseCodes, liveCloseReasons } from '@paylane/shared/contracts/live';
import type { AppContext } from '../../context';
import { isSocketSessionValid, type SocketSession } from './live-access.service';

// A browser tab holds at most two live sockets (the inbox list and the open chat), so 20 is ten tabs of one
// person on one API process. Beyond that it is a leaking client or someone holding sockets open to grow this
// process's memory and its every push. The socket over the cap is the one refused (closed at once with
// 4008, which the client treats as a drop and retries later): closing the oldest instead would let two tabs
// take turns evicting each other, and it is the newest that can wait until an older tab goes away.
// The cap is config.liveSocketsPerUser (LIVE_SOCKETS_PER_USER): bench:live-chat holds 1,000 as one user.

// An access notice is remembered this long (longer than any handshake takes), so a socket whose handshake
// read the database before the notice and registers after it is checked again (see add).
const NOTICE_MEMORY_MS = 60_000;

type Entry = SocketSession & { socket: WebSocket };
type CloseKind = keyof typeof liveCloseCodes;

/**
 * This process's sockets by user, with what their handshake saw, so that a socket ends with its session:
 * when the access token expires (closeExpired, 4001: the client reconnects with a fresh token), and when the
 * database announces that the user's access may have shrunk (migration 0015's triggers: disabled, a session
 * revoked, a membership gone): the user's sockets are checked again and those that would no longer pass
 * their handshake close with 4003.
 */
export class LiveSessions {
  // user → their sockets, oldest first.
  private readonly byUser = new Map<string, Set<Entry>>();
  // user → when the latest access notice about them arrived (performance.now()).
  private readonly noticedAt = new Map<string, number>();
  private readonly checking = new Set<Promise<void>>();

  constructor(private readonly ctx: AppContext) {}

  /** A monotonic instant to pass to add(): take it before the handshake reads the database. */
  static checkpoint(): number {
    return performance.now();
  }

  /**
   * Keeps an open socket with its session. False when the user already holds the maximum here: the socket is
   * closed (4008) and must not be subscribed. A notice about the user that arrived after `checkedAt` may not
   * have been visible to the handshake's reads: the socket is checked again at once.
   */
  add(socket: WebSocket, session: SocketSession, checkedAt: number): boolean {
    const { userId } = session;
    // Gone during the upgrade: its 'close' has passed, so it would never leave the map.
    if (socket.readyState !== socket.OPEN) return false;
    const entries = this.byUser.get(userId) ?? new Set<Entry>();
    if (entries.size >= this.ctx.config.liveSocketsPerUser) {
      closeAs(socket, 'tooManySockets');
      return false;
    }
    this.byUser.set(userId, entries);
    const entry: Entry = { ...session, socket };
    entries.add(entry);
    socket.once('close', () => {
      entries.delete(entry);
      if (entries.size === 0 && this.byUser.get(userId) === entries) this.byUser.delete(userId);
    });
    if ((this.noticedAt.get(userId) ?? -Infinity) >= checkedAt) this.verify([entry]);
    return true;
  }

  /** Closes the sockets whose access token has expired by the app's clock (run every second). */
  closeExpired(): void {
    const now = this.ctx.now().getTime();
    for (const entries of this.byUser.values())
      for (const entry of entries) if (entry.expiresAtMs <= now) closeAs(entry.socket, 'tokenExpired');
    const forgetBefore = performance.now() - NOTICE_MEMORY_MS;
    for (const [userId, at] of this.noticedAt) if (at < forgetBefore) this.noticedAt.delete(userId);
  }

  /** The database says these users' access may have shrunk: their sockets here are checked again. */
  onAccessNotice(userIds: string[]): void {
    const at = performance.now();
    const affected: Entry[] = [];
    for (const userId of userIds) {
      this.noticedAt.set(userId, at);
      for (const entry of this.byUser.get(userId) ?? []) affected.push(entry);
    }
    if (affected.length > 0) this.verify(affected);
  }

  /** After the LISTEN connection came back: notices sent meanwhile are gone, so every socket is checked. */
  verifyAll(): void {
    const all: Entry[] = [];
    for (const entries of this.byUser.values()) all.push(...entries);
    if (all.length > 0) this.verify(all);
  }

  /** How many sockets the user holds on this process. */
  countOf(userId: string): number {
    return this.byUser.get(userId)?.size ?? 0;
  }

  /** Resolves once the checks started so far are done (the app's close, and tests). */
  async idle(): Promise<void> {
    while (this.checking.size > 0) await Promise.all(this.checking);
  }

  // Runs beside the hub's push queue, not on it, so a long catch-up never delays a close.
  private verify(entries: Entry[]): void {
    const check = this.closeInvalid(entries).finally(() => this.checking.delete(check));
    this.checking.add(check);
  }

  // One check per distinct (user, session, merchant): a tab's inbox and chat sockets share it.
  private async closeInvalid(entries: Entry[]): Promise<void> {
    const groups = new Map<string, Entry[]>();
    for (const entry of entries) {
      const key = `${entry.userId}/${entry.familyId ?? ''}/${entry.merchantId}`;
      groups.set(key, [...(groups.get(key) ?? []), entry]);
    }
    for (const group of groups.values()) {
      const [first] = group;
      if (!first) continue;
      try {
        if (await isSocketSessionValid(this.ctx, first)) continue;
      } catch (error) {
        // The sockets stay: the next notice, the resync after a lost connection or their expiry decides.
        this.ctx.log.error({ err: error }, 'live: could not check a session');
        continue;
      }
      for (const entry of group) closeAs(entry.socket, 'accessRevoked');
    }
  }
}

function closeAs(socket: WebSocket, kind: CloseKind): void {
  if (socket.readyState === socket.CLOSED || socket.readyState === socket.CLOSING) return;
  socket.close(liveCloseCodes[kind], liveCloseReasons[kind]);
}
