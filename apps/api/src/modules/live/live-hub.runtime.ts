import type { WebSocket } from 'ws';
import type { ChatSocketEvent } from '@paylane/shared/contracts/chat';
import { inboxQuerySchema, type InboxEntry, type InboxSocketEvent } from '@paylane/shared/contracts/inbox';
import type { AppContext } from '../../context';
import {
  findChatMessageRows,
  findMessageSeq,
  listChatMessageRows,
  listChatMessageRowsAfter,
  type ChatMessageRow,
} from '../chat/chat-messages.service';
import { toChatMessage } from '../chat/chat.service';
import { findInboxEntry, listInbox } from '../inbox/inbox.service';
import {
  ACCESS_CHANNEL,
  MESSAGES_CHANNEL,
  parseLiveNotice,
  type ConversationsNotice,
  type MessagesNotice,
} from './live-events';
import { LiveSessions } from './live-sessions';
import { listMessageIdsInSeqRange } from './live.repository';

type ChatTarget = { merchantId: string; customerId: string };
type ChatSubscriber = ChatTarget & { socket: WebSocket; lastSeq: number | null };
type InboxSubscriber = { socket: WebSocket; merchantId: string };
type CatchUpFrom = { messageId: string } | { seq: number } | null;

const LATEST_PAGE = 25;
const CATCH_UP_PAGE = 500;
// A chat away for longer than this many messages gets the first 10,000 after its last, and the newest page.
const CATCH_UP_MAX = 10_000;
const RANGE_READ_MAX = 5_000;
// A client that stops reading would grow this process's memory: it is dropped, reconnects and catches up.
const MAX_BUFFERED_BYTES = 4 * 1024 * 1024;

/**
 * This process's websockets and what reaches them. The database announces changes (live-events.ts); the
 * hub reads the rows for the sockets it holds and pushes them. Every read runs on one queue, in order: a
 * notification arriving during a read waits its turn (nothing is dropped), and a socket's catch-up is read
 * after the pushes queued before it, so a message's newer state is always sent after an older one.
 */
export class LiveHub {
  // merchant → customer → the chat sockets open on that customer.
  private readonly chats = new Map<string, Map<string, Set<ChatSubscriber>>>();
  private readonly inboxes = new Map<string, Set<InboxSubscriber>>();
  private tail: Promise<void> = Promise.resolve();
  /** Who holds each socket: closes them when the token expires or the session ends. */
  readonly sessions: LiveSessions;

  constructor(private readonly ctx: AppContext) {
    this.sessions = new LiveSessions(ctx);
  }

  /** Subscribes first, then catches up: messages after `afterMessageId` and the latest page, then 'ready'. */
  addChatSocket(socket: WebSocket, input: ChatTarget & { afterMessageId: string | null }): void {
    const { merchantId, customerId } = input;
    const target: ChatSubscriber = { socket, merchantId, customerId, lastSeq: null };
    const byCustomer = getOrAdd(this.chats, merchantId, () => new Map<string, Set<ChatSubscriber>>());
    const targets = getOrAdd(byCustomer, customerId, () => new Set<ChatSubscriber>());
    targets.add(target);
    socket.once('close', () => {
      targets.delete(target);
      if (targets.size === 0 && byCustomer.get(customerId) === targets) byCustomer.delete(customerId);
      if (byCustomer.size === 0 && this.chats.get(merchantId) === byCustomer) this.chats.delete(merchantId);
    });
    const from = input.afterMessageId ? { messageId: input.afterMessageId } : null;
    this.enqueue('chat catch-up', () => this.catchUpChat(target, from));
  }

  /** Subscribes, then pushes the merchant's newest conversations. */
  addInboxSocket(socket: WebSocket, input: { merchantId: string }): void {
    const target: InboxSubscriber = { socket, merchantId: input.merchantId };
    const targets = getOrAdd(this.inboxes, input.merchantId, () => new Set<InboxSubscriber>());
    targets.add(target);
    socket.once('close', () => {
      targets.delete(target);
      if (targets.size === 0 && this.inboxes.get(input.merchantId) === targets)
        this.inboxes.delete(input.merchantId);
    });
    this.enqueue('inbox catch-up', () => this.pushNewestEntries(input.merchantId, [target]));
  }

  /** A NOTIFY from the database; merchants with no socket here cost nothing. */
  notify(channel: string, payload: string): void {
    const parsed = parseLiveNotice(channel, payload);
    if (!parsed) return void this.ctx.log.warn({ channel, payload }, 'live: notification not understood');
    if (parsed.channel === ACCESS_CHANNEL) {
      this.sessions.onAccessNotice(parsed.notice.u);
    } else if (parsed.channel === MESSAGES_CHANNEL) {
      if (this.chats.has(parsed.notice.m)) this.enqueue('messages', () => this.onMessages(parsed.notice));
    } else if (this.inboxes.has(parsed.notice.m)) {
      this.enqueue('conversations', () => this.onConversations(parsed.notice));
    }
  }

  /** After the LISTEN connection came back: every socket catches up on what may have passed meanwhile. */
  resync(): void {
    this.sessions.verifyAll();
    for (const byCustomer of this.chats.values())
      for (const targets of byCustomer.values())
        for (const target of targets) {
          const from = target.lastSeq === null ? null : { seq: target.lastSeq };
          this.enqueue('chat resync', () => this.catchUpChat(target, from));
        }
    for (const [merchantId, targets] of this.inboxes)
      this.enqueue('inbox resync', () => this.pushNewestEntries(merchantId, targets));
  }

  /** Resolves once the work queued so far (and any it queued meanwhile) is done. */
  async idle(): Promise<void> {
    for (let seen: Promise<void> | null = null; seen !== this.tail;) {
      seen = this.tail;
      await seen;
    }
  }

  counts(): { chat: number; inbox: number } {
    let chat = 0;
    for (const byCustomer of this.chats.values())
      for (const targets of byCustomer.values()) chat += targets.size;
    let inbox = 0;
    for (const targets of this.inboxes.values()) inbox += targets.size;
    return { chat, inbox };
  }

  private enqueue(label: string, task: () => Promise<void>): void {
    this.tail = this.tail
      .then(task)
      .catch((error: unknown) => this.ctx.log.error({ err: error, label }, 'live: push failed'));
  }

  private async onMessages(notice: MessagesNotice): Promise<void> {
    const byCustomer = this.chats.get(notice.m);
    if (!byCustomer) return;
    let ids: string[];
    if ('i' in notice) {
      if (!notice.c.some((customerId) => byCustomer.has(customerId))) return;
      ids = notice.i;
    } else {
      ids = await listMessageIdsInSeqRange(this.ctx.db, {
        merchantId: notice.m,
        customerIds: [...byCustomer.keys()],
        lo: notice.lo,
        hi: notice.hi,
        limit: RANGE_READ_MAX,
      });
    }
    this.pushChatRows(notice.m, await findChatMessageRows(this.ctx.db, notice.m, ids));
  }

  private async onConversations(notice: ConversationsNotice): Promise<void> {
    const targets = this.inboxes.get(notice.m);
    if (!targets) return;
    // A statement that moved many conversations moved them to the top: the newest page says it all.
    if (!('c' in notice)) return this.pushNewestEntries(notice.m, targets);
    const entries: InboxEntry[] = [];
    for (const customerId of notice.c) {
      const entry = await findInboxEntry(this.ctx.db, notice.m, customerId);
      if (entry) entries.push(entry);
    }
    pushEntries(targets, entries);
  }

  // The merchant's newest conversations, the oldest of them first so that the newest ends on top.
  private async pushNewestEntries(merchantId: string, targets: Iterable<InboxSubscriber>): Promise<void> {
    const query = { ...inboxQuerySchema.parse({ page_size: LATEST_PAGE }), url: '/' };
    const page = await listInbox(this.ctx, { merchantId, userId: null }, query);
    pushEntries(targets, page.results.reverse());
  }

  private async catchUpChat(target: ChatSubscriber, from: CatchUpFrom): Promise<void> {
    if (target.socket.readyState !== target.socket.OPEN) return;
    const { merchantId, customerId } = target;
    let afterSeq = from && 'seq' in from ? from.seq : null;
    if (from && 'messageId' in from)
      afterSeq = await findMessageSeq(this.ctx.db, { merchantId, customerId, messageId: from.messageId });
    const rows = new Map<string, ChatMessageRow>();
    for (let read = 0; afterSeq !== null && read < CATCH_UP_MAX; read += CATCH_UP_PAGE) {
      const query = { merchantId, customerId, afterSeq, limit: CATCH_UP_PAGE };
      const page = await listChatMessageRowsAfter(this.ctx.db, query);
      for (const row of page) rows.set(row.id, row);
      afterSeq = page.length === CATCH_UP_PAGE ? (page.at(-1)?.seq ?? null) : null;
    }
    // The latest page again, read last: statuses that changed while the client was away are current.
    const latest = await listChatMessageRows(this.ctx.db, { merchantId, customerId, limit: LATEST_PAGE });
    for (const row of latest) rows.set(row.id, row);
    const ordered = [...rows.values()].sort((a, b) => a.seq - b.seq);
    this.pushChatRows(merchantId, ordered, target);
    sendEvent(target.socket, { type: 'ready', last_message_id: ordered.at(-1)?.id ?? null });
  }

  /** Rows in seq order to the sockets of their customers (or to `only`). */
  private pushChatRows(merchantId: string, rows: ChatMessageRow[], only?: ChatSubscriber): void {
    const byCustomer = this.chats.get(merchantId);
    for (const row of rows) {
      const targets = only ? [only] : (byCustomer?.get(row.customerId) ?? []);
      const text = JSON.stringify({ type: 'message', message: toChatMessage(row) } satisfies ChatSocketEvent);
      for (const target of targets) {
        if (target.customerId !== row.customerId) continue;
        sendText(target.socket, text);
        target.lastSeq = Math.max(target.lastSeq ?? row.seq, row.seq);
      }
    }
  }
}

function pushEntries(targets: Iterable<InboxSubscriber>, entries: InboxEntry[]): void {
  const texts = entries.map((entry) =>
    JSON.stringify({ type: 'conversation', entry } satisfies InboxSocketEvent),
  );
  for (const target of targets) for (const text of texts) sendText(target.socket, text);
}

function getOrAdd<K, V>(map: Map<K, V>, key: K, create: () => V): V {
  let value = map.get(key);
  if (value === undefined) {
    value = create();
    map.set(key, value);
  }
  return value;
}

function sendEvent(socket: WebSocket, event: ChatSocketEvent | InboxSocketEvent): void {
  sendText(socket, JSON.stringify(event));
}

function sendText(socket: WebSocket, text: string): void {
  if (socket.readyState !== socket.OPEN) return;
  if (socket.bufferedAmount > MAX_BUFFERED_BYTES) return void socket.close(1013, 'Too slow; reconnect');
  socket.send(text);
}
