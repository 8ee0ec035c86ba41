import pg from 'pg';
import type { AppContext } from '../../context';
import type { Database } from '../../db/client';
import { liveChannels } from './live-events';
import type { LiveHub } from './live-hub.runtime';

export type LiveListener = { stop(): Promise<void> };

type ListenerOptions = {
  database: Pick<Database, 'pgConfig' | 'listen'>;
  hub: Pick<LiveHub, 'notify' | 'resync'>;
  log: AppContext['log'];
  /** First pause before reconnecting a lost LISTEN connection; it doubles up to 5 s. */
  retryMs?: number;
  /** How often the connection is checked with a query (a half-open TCP connection never errors). */
  checkEveryMs?: number;
};

/** Names the LISTEN connection in pg_stat_activity (and lets a test cut it). */
export const LIVE_APPLICATION_NAME = 'paylane-live';

/**
 * Hands the database's live notifications to the hub. PostgreSQL: a dedicated session connection (LISTEN
 * does not survive a pooled one), reconnected when lost, after which every socket catches up, since
 * notifications sent while nobody listened are gone. PGlite: in process, from the one shared session.
 */
export async function startLiveListener(options: ListenerOptions): Promise<LiveListener> {
  const { database, hub } = options;
  if (database.listen) {
    const listen = database.listen;
    const stops = await Promise.all(
      liveChannels.map((channel) => listen(channel, (payload) => hub.notify(channel, payload))),
    );
    return { stop: async () => stops.forEach((stop) => stop()) };
  }
  return startPostgresListener(options);
}

async function startPostgresListener(options: ListenerOptions): Promise<LiveListener> {
  const { hub, log } = options;
  const retryMs = options.retryMs ?? 250;
  let client: pg.Client | null = null;
  let isStopped = false;
  let failures = 0;
  let timer: NodeJS.Timeout | undefined;

  const open = async (): Promise<void> => {
    const next = new pg.Client({
      ...options.database.pgConfig,
      application_name: LIVE_APPLICATION_NAME,
      keepAlive: true,
    });
    next.on('notification', (message) => hub.notify(message.channel, message.payload ?? ''));
    next.on('error', (error) => lost(next, error));
    next.on('end', () => lost(next));
    try {
      await next.connect();
      for (const channel of liveChannels) await next.query(`LISTEN ${channel}`);
    } catch (error) {
      await next.end().catch(() => undefined);
      throw error;
    }
    if (isStopped) return void (await next.end().catch(() => undefined));
    client = next;
  };

  const reconnect = () => {
    timer = setTimeout(
      () => {
        open().then(
          () => {
            if (isStopped) return;
            failures = 0;
            log.info('live: LISTEN connection restored');
            hub.resync();
          },
          (error: unknown) => {
            failures += 1;
            log.warn({ err: error }, 'live: LISTEN reconnect failed');
            if (!isStopped) reconnect();
          },
        );
      },
      Math.min(retryMs * 2 ** failures, 5_000),
    );
  };

  const lost = (which: pg.Client, error?: Error) => {
    if (client !== which || isStopped) return;
    client = null;
    log.warn({ err: error }, 'live: LISTEN connection lost; reconnecting');
    which.end().catch(() => undefined);
    reconnect();
  };

  await open();
  const check = setInterval(() => {
    const current = client;
    current?.query('select 1').catch((error: Error) => lost(current, error));
  }, options.checkEveryMs ?? 30_000);

  return {
    async stop() {
      isStopped = true;
      clearInterval(check);
      clearTimeout(timer);
      await client?.end().catch(() => undefined);
      client = null;
    },
  };
}
