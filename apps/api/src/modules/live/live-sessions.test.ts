import { performance } from 'node:perf_hooks';
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { liveCloseCodes } from '@paylane/shared/contracts/live';
import { memberships, users } from '../../db/schema';
import { generateSecret, hashSecret } from '../../lib/secrets';
import { addMember, MEMBER_PASSWORD } from '../../test/members';
import { insertOneTimeToken } from '../auth/one-time-tokens.repository';
import { insertLocation, insertPeople, type InboxPerson } from '../inbox/inbox-test-setup';
import {
  closedWithin,
  createLiveTestApp,
  isMessage,
  openTestSocket,
  socketUrl,
  type LiveTestApp,
  type TestSocket,
} from './live-test-helpers';

// Issue 14 finding 3: a socket ends with its session. "Within a second" is measured from the answer of the
// call that ends the session (the session has ended by then) to the client's close event, which the test
// awaits (no sleeps). The call's own work (hashing a new password, say) is not the socket's delay, and on a
// busy machine it alone can take longer than a second.
const WITHIN_MS = 1_000;

describe('live sockets end with their session (issue 14)', () => {
  let t: LiveTestApp;
  let merchantId: string;
  let admin: string;
  let person: InboxPerson;
  let memberCount = 0;

  const inboxUrl = (token: string) => socketUrl(t.wsBase, `/ws/inbox/${merchantId}/`, { token });
  const chatUrl = (token: string, after?: string) =>
    socketUrl(t.wsBase, `/ws/chat/${person.id}/`, { token, after });
  const openInbox = (token: string) => openTestSocket(inboxUrl(token));
  const openChat = async (token: string, after?: string) => {
    const chat = await openTestSocket(chatUrl(token, after));
    await chat.waitFor((event) => event.type === 'ready');
    return chat;
  };
  /** A member of Demo Motors of their own (disabling a demo user would disturb the other tests). */
  const newMember = async () => {
    memberCount += 1;
    const email = `live-session-${memberCount}@example.test`;
    const user = await addMember(t.database.db, { merchantId, email, roles: ['staff'] });
    return { id: user.id, email, session: await t.signIn(email, MEMBER_PASSWORD) };
  };
  /** Runs `end` and expects each socket closed with `code` within a second of its answer. */
  const expectClosedBy = async (sockets: TestSocket[], code: number, end: () => Promise<unknown>) => {
    await end();
    const endedAt = performance.now();
    for (const socket of sockets) {
      const closed = await closedWithin(socket);
      expect(closed.code).toBe(code);
      expect(closed.at - endedAt).toBeLessThan(WITHIN_MS);
    }
  };
  const reply = (body: string) =>
    t.request('/api/dev/outbox/sms/inbound/', { method: 'POST', json: { from: person.phone, body } });

  beforeAll(async () => {
    t = await createLiveTestApp();
    merchantId = await t.demoMerchantId();
    admin = await t.demoToken('admin');
    const people = await insertPeople(t, {
      merchantId,
      locationId: await insertLocation(t, merchantId, 'Session Lot'),
      people: [{ first: 'Sid', last: 'Session', externalId: 'SESSION-1', phone: '+17375556001' }],
    });
    person = people[0]!;
  });
  afterAll(() => t.close());

  it("closes a disabled user's inbox and chat sockets within a second, and refuses them afterwards", async () => {
    const member = await newMember();
    const inbox = await openInbox(member.session.access);
    const chat = await openChat(member.session.access);
    await expectClosedBy([inbox, chat], liveCloseCodes.accessRevoked, async () => {
      const disabled = await t.request(`/api/merchants/${merchantId}/users/${member.id}/disable/`, {
        method: 'POST',
        token: admin,
      });
      expect(disabled.status).toBe(200);
    });
    expect((await inbox.closed).reason).toBe('Session ended');
    await expect(openInbox(member.session.access)).rejects.toMatchObject({ status: 401 });
  });

  it("logout closes that session's sockets and not another session's of the same user", async () => {
    const member = await newMember();
    const other = await t.signIn(member.email, MEMBER_PASSWORD);
    const leaving = await openInbox(member.session.access);
    const staying = await openChat(other.access);
    await expectClosedBy([leaving], liveCloseCodes.accessRevoked, async () => {
      const loggedOut = await t.request('/api/token/blacklist/', {
        method: 'POST',
        json: { refresh_token: member.session.refresh },
      });
      expect(loggedOut.status).toBe(200);
    });
    await t.app.liveHub.sessions.idle();
    expect(staying.socket.readyState).toBe(staying.socket.OPEN);
    expect((await reply('still here?')).status).toBe(201);
    await staying.waitFor(isMessage('still here?'));
    // The HTTP API refuses the ended session's access token too, in the same query that reads the user.
    const profile = (token: string) => t.request('/api/profile/', { token });
    expect((await profile(member.session.access)).status).toBe(401);
    expect((await profile(other.access)).status).toBe(200);
    await staying.close();
  });

  it('a password reset closes every session’s sockets', async () => {
    const member = await newMember();
    const other = await t.signIn(member.email, MEMBER_PASSWORD);
    const sockets = [await openInbox(member.session.access), await openChat(other.access)];
    const token = generateSecret();
    await insertOneTimeToken(t.database.db, {
      kind: 'password_reset',
      userId: member.id,
      tokenHash: hashSecret(token),
      expiresAt: new Date(t.clock.now().getTime() + 3_600_000),
    });
    await expectClosedBy(sockets, liveCloseCodes.accessRevoked, async () => {
      const password = 'Brand-New-Pass-9';
      const confirmed = await t.request('/api/password-reset/confirm/', {
        method: 'POST',
        json: { id: member.id, token, password, password_confirm: password },
      });
      expect(confirmed.status).toBe(200);
    });
  });

  it('losing the membership closes the sockets on that merchant; a super admin holds every merchant', async () => {
    const member = await newMember();
    const [superAdmin] = await t.database.db
      .select()
      .from(users)
      .where(eq(users.email, 'superadmin@demo.paylane.test'));
    await t.database.db.insert(memberships).values({ userId: superAdmin!.id, merchantId, roles: ['admin'] });
    const held = await openInbox(await t.demoToken('superadmin'));
    const sockets = [await openInbox(member.session.access), await openChat(member.session.access)];
    // One statement, one notice naming both users; their sockets are checked together.
    await expectClosedBy(sockets, liveCloseCodes.accessRevoked, () =>
      t.database.db
        .delete(memberships)
        .where(
          and(
            inArray(memberships.userId, [member.id, superAdmin!.id]),
            eq(memberships.merchantId, merchantId),
          ),
        ),
    );
    await t.app.liveHub.sessions.idle();
    expect(held.socket.readyState).toBe(held.socket.OPEN);
    expect((await reply('for the super admin')).status).toBe(201);
    await held.waitFor(
      (event) =>
        event.type === 'conversation' &&
        (event.entry as { last_message_body: string }).last_message_body === 'for the super admin',
    );
    await held.close();
  });

  it("refuses a user's socket beyond LIVE_SOCKETS_PER_USER (20) on one process (4008), and takes one again after a close", async () => {
    expect(t.config.liveSocketsPerUser).toBe(20);
    const member = await newMember();
    const open: TestSocket[] = [];
    for (let i = 0; i < t.config.liveSocketsPerUser; i += 1)
      open.push(await openInbox(member.session.access));
    const refused = await openInbox(member.session.access);
    expect(await closedWithin(refused)).toMatchObject({
      code: liveCloseCodes.tooManySockets,
      reason: 'Too many connections',
    });
    expect(open.every((socket) => socket.socket.readyState === socket.socket.OPEN)).toBe(true);
    // Another user is not counted with this one.
    const otherUser = await newMember();
    const others = await openInbox(otherUser.session.access);
    await others.waitFor((event) => event.type === 'conversation');
    await open[0]!.close();
    const again = await openInbox(member.session.access);
    await again.waitFor((event) => event.type === 'conversation');
    await Promise.all([...open, again, others].map((socket) => socket.close()));
  });

  // Last: it moves the app's clock past every token signed so far.
  it('closes a socket when its access token expires (4001); a fresh token reconnects and catches up', async () => {
    const member = await newMember();
    const chat = await openChat(member.session.access);
    const lastSeen = chat.events.find((event) => event.type === 'ready')?.last_message_id;
    t.clock.advance(t.config.accessTokenLifetimeSeconds + 1);
    expect(await closedWithin(chat)).toMatchObject({
      code: liveCloseCodes.tokenExpired,
      reason: 'Token expired',
    });

    expect((await reply('while the token was renewed')).status).toBe(201);
    const refreshed = await t.request('/api/token/refresh/', {
      method: 'POST',
      json: { refresh: member.session.refresh },
    });
    expect(refreshed.status).toBe(200);
    const again = await openChat(refreshed.body.access, typeof lastSeen === 'string' ? lastSeen : undefined);
    await again.waitFor(isMessage('while the token was renewed'));
    await again.close();
  });
});
