import { fork, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { fileURLToPath } from 'node:url';
import { performance } from 'node:perf_hooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { liveCloseCodes } from '@paylane/shared/contracts/live';
import { addMember, MEMBER_PASSWORD } from '../../test/members';
import { nextChildMessage } from '../../jobs/job-test-helpers';
import { insertLocation, insertPeople, type InboxPerson } from '../inbox/inbox-test-setup';
import {
  closedWithin,
  createLiveTestApp,
  isMessage,
  messageOf,
  openTestSocket,
  socketUrl,
  type LiveTestApp,
} from './live-test-helpers';

type ChildMessage = { type: 'ready'; port: number };

// Issue 6 done-when: two API processes on one PostgreSQL database; a message posted to one reaches a
// websocket client of the other through LISTEN/NOTIFY. PGlite is one process's embedded database, so there
// is no second process to fan out to.
describe.skipIf(process.env.PAYLANE_TEST_DB !== 'postgres')('two API processes on PostgreSQL', () => {
  let t: LiveTestApp;
  let child: ChildProcess;
  let otherBase: string;
  let merchantId: string;
  let staff: string;
  let person: InboxPerson;

  beforeAll(async () => {
    t = await createLiveTestApp();
    child = fork(fileURLToPath(new URL('./live-server.fixture.ts', import.meta.url)), [], {
      execArgv: ['--import', 'tsx'],
      env: {
        ...process.env,
        PAYLANE_LIVE_DATABASE_URL: String(t.database.pgConfig.connectionString),
        PAYLANE_LIVE_JWT_SECRET: t.config.jwtSecret,
      },
      stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
    });
    const { port } = await nextChildMessage<ChildMessage, 'ready'>(child, 'ready');
    otherBase = `ws://127.0.0.1:${port}`;
    merchantId = await t.demoMerchantId();
    staff = await t.demoToken('staff');
    const people = await insertPeople(t, {
      merchantId,
      locationId: await insertLocation(t, merchantId, 'Two Lot'),
      people: [{ first: 'Tess', last: 'Two', externalId: 'TWO-1', phone: '+17375554001' }],
    });
    person = people[0]!;
  });
  afterAll(async () => {
    if (child.exitCode === null) {
      child.kill('SIGTERM');
      await once(child, 'exit');
    }
    await t.close();
  });

  it('a reply posted to process A reaches a chat socket and an inbox socket on process B', async () => {
    const chat = await openTestSocket(socketUrl(otherBase, `/ws/chat/${person.id}/`, { token: staff }));
    const inbox = await openTestSocket(socketUrl(otherBase, `/ws/inbox/${merchantId}/`, { token: staff }));
    await chat.waitFor((event) => event.type === 'ready');

    const posted = await t.request('/api/dev/outbox/sms/inbound/', {
      method: 'POST',
      json: { from: person.phone, body: 'Sent to A, read on B' },
    });
    expect(posted.status).toBe(201);
    const pushed = await chat.waitFor(isMessage('Sent to A, read on B'));
    expect(messageOf(pushed).id).toBe(posted.body.message_id);
    await inbox.waitFor(
      (event) =>
        event.type === 'conversation' &&
        (event.entry as { customer_id: string; unread_messages: number }).customer_id === person.id &&
        (event.entry as { unread_messages: number }).unread_messages === 1,
    );
    await Promise.all([chat.close(), inbox.close()]);
  });

  it('disabling a user through process A closes their sockets on process B within a second (issue 14)', async () => {
    const email = 'two-processes@example.test';
    const member = await addMember(t.database.db, { merchantId, email, roles: ['staff'] });
    const { access } = await t.signIn(email, MEMBER_PASSWORD);
    const admin = await t.demoToken('admin');
    const chat = await openTestSocket(socketUrl(otherBase, `/ws/chat/${person.id}/`, { token: access }));
    const inbox = await openTestSocket(socketUrl(otherBase, `/ws/inbox/${merchantId}/`, { token: access }));
    await chat.waitFor((event) => event.type === 'ready');

    const disabled = await t.request(`/api/merchants/${merchantId}/users/${member.id}/disable/`, {
      method: 'POST',
      token: admin,
    });
    expect(disabled.status).toBe(200);
    // From the answer, as in live-sessions.test.ts: the user is disabled by then.
    const disabledAt = performance.now();
    for (const socket of [chat, inbox]) {
      const closed = await closedWithin(socket);
      expect(closed.code).toBe(liveCloseCodes.accessRevoked);
      expect(closed.at - disabledAt).toBeLessThan(1_000);
    }
  });
});
