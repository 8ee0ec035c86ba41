import type { PGlite } from '@electric-sql/pglite';
import type { PGLiteSocketServer } from '@electric-sql/pglite-socket';

// pglite-socket 0.2.17 multiplexes every client connection onto PGlite's one session and interleaves the
// clients' protocol messages one by one. A parameterised query is several messages (Parse, Bind, Describe,
// Execute, Sync) working on the session's one unnamed statement, so two connections' queries interleaved
// there bind each other's statements: a read answers another query's rows, or fails. Upstream keeps a
// transaction's messages together; this does the same for each extended-protocol exchange, up to its Sync.

type QueuedMessage = {
  handlerId: number;
  message: Uint8Array;
  resolve: (bytes: number) => void;
  reject: (error: Error) => void;
  onData: (data: Uint8Array) => void;
};

/** The private state of pglite-socket's QueryQueueManager that this replaces the loop of. */
type QueryQueue = {
  queue: QueuedMessage[];
  processing: boolean;
  db: PGlite;
  lastHandlerId: number | null;
  processQueue: () => Promise<void>;
  clearTransactionIfNeeded: (handlerId: number) => Promise<void>;
};

// Parse, Bind, Describe, Execute, Close, Flush: an exchange that ends with Sync ('S').
const EXTENDED = new Set(['P', 'B', 'D', 'E', 'C', 'H'].map((letter) => letter.charCodeAt(0)));
const SYNC = 'S'.charCodeAt(0);

export function keepExtendedQueriesTogether(server: PGLiteSocketServer): void {
  const queue = (server as unknown as { queryQueue: QueryQueue }).queryQueue;
  let exchangeOwner: number | null = null;

  // The connection whose messages must come next: one inside a transaction or mid-exchange.
  const owner = () =>
    exchangeOwner ?? (queue.db.isInTransaction() && queue.lastHandlerId ? queue.lastHandlerId : null);

  const next = (): QueuedMessage | undefined => {
    const current = owner();
    if (current === null) return queue.queue.shift();
    const index = queue.queue.findIndex((item) => item.handlerId === current);
    return index === -1 ? undefined : queue.queue.splice(index, 1)[0];
  };

  queue.processQueue = async () => {
    if (queue.processing) return;
    queue.processing = true;
    try {
      for (let item = next(); item; item = next()) {
        const type = item.message[0] ?? 0;
        if (EXTENDED.has(type)) exchangeOwner = item.handlerId;
        else if (type === SYNC) exchangeOwner = null;
        const current = item;
        let bytes = 0;
        try {
          await queue.db.runExclusive(() =>
            queue.db.execProtocolRawStream(current.message, {
              onRawData: (data) => {
                bytes += data.length;
                current.onData(data);
              },
            }),
          );
        } catch (error) {
          current.reject(error as Error);
          continue;
        }
        queue.lastHandlerId = current.handlerId;
        current.resolve(bytes);
      }
    } finally {
      queue.processing = false;
    }
  };

  const clearTransaction = queue.clearTransactionIfNeeded.bind(queue);
  queue.clearTransactionIfNeeded = async (handlerId) => {
    // A client that went away mid-exchange must not hold the others back.
    if (exchangeOwner === handlerId) exchangeOwner = null;
    await clearTransaction(handlerId);
    await queue.processQueue();
  };
}
