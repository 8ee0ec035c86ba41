import { randomBytes } from 'node:crypto';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Config } from '../../../config';
import type { Db } from '../../../db/client';
import { publicRoute } from '../../../plugins/rate-limit';
import {
  SANDBOX_ENTRY_PATH,
  sandboxEntryState,
  submitSandboxEntry,
  type EntryState,
} from './sandbox-entries';
import { entryPageCsp, renderEntryForm, renderGone, renderSaved } from './sandbox-entry-page';

export type SandboxEntryRouteOptions = { db: Db; now: () => Date; rateLimits: Config['rateLimits'] };

// Any other id is simply not found (the page says so).
const entryParams = z.object({ entry_id: z.string().max(100) });

/** What the form keeps on a refusal: never a card, account or security number. */
const keptFields = ['exp_month', 'exp_year', 'account_type'];

/**
 * The sandbox processor's hosted entry page (registered only with PAYMENT_PROVIDER=sandbox). Public, as a
 * processor's page is: the payer of a pay link has no login, and the unguessable entry id is the only key.
 * Limited per IP like every public route; the form's POST (where card testing would happen) to the default
 * public limit, the page itself to the session limit.
 */
export const sandboxEntryRoutes: FastifyPluginAsyncZod<SandboxEntryRouteOptions> = async (app, options) => {
  const { db, now, rateLimits } = options;
  // A plain HTML form posts urlencoded fields; this parser exists only inside this plugin.
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string' },
    (_request, body, done) => done(null, body),
  );
  const path = `${SANDBOX_ENTRY_PATH}:entry_id/`;

  app.get(
    path,
    {
      config: publicRoute(rateLimits, 'sandbox-entry-page', rateLimits.sessionPerIp),
      schema: { params: entryParams },
    },
    async (request, reply) => {
      const state = await sandboxEntryState(db, request.params.entry_id, now());
      return answerState(reply, state, request.params.entry_id);
    },
  );

  app.post(
    path,
    { config: publicRoute(rateLimits, 'sandbox-entry-submit'), schema: { params: entryParams } },
    async (request, reply) => {
      const entryId = request.params.entry_id;
      const fields = Object.fromEntries(
        new URLSearchParams(typeof request.body === 'string' ? request.body : ''),
      );
      const outcome = await submitSandboxEntry(db, { entryId, fields, now: now() });
      if (outcome.status === 'saved') return html(reply, 200, (nonce) => renderSaved({ entryId, nonce }));
      if (outcome.status !== 'rejected') return answerState(reply, outcome, entryId);
      const { kind } = outcome;
      const kept = Object.fromEntries(keptFields.map((name) => [name, fields[name] ?? '']));
      return html(reply, 400, (nonce) =>
        renderEntryForm({ entryId, kind, nonce, errors: outcome.fieldErrors, kept }),
      );
    },
  );
};

function answerState(reply: FastifyReply, state: EntryState, entryId: string) {
  switch (state.status) {
    case 'open':
      return html(reply, 200, (nonce) =>
        renderEntryForm({ entryId, kind: state.entry.kind, nonce, errors: {}, kept: {} }),
      );
    // Already saved (a reload of the saved page): tell the parent again; finishing an entry twice is harmless.
    case 'used':
      return html(reply, 200, (nonce) => renderSaved({ entryId, nonce }));
    case 'expired':
      return html(reply, 410, (nonce) => renderGone({ reason: 'expired', nonce }));
    case 'missing':
      return html(reply, 404, (nonce) => renderGone({ reason: 'missing', nonce }));
  }
}

/** An HTML answer with its own CSP (framed by the app, one nonce'd script), never cached. */
function html(reply: FastifyReply, status: number, render: (nonce: string) => string) {
  const nonce = randomBytes(16).toString('base64');
  return reply
    .status(status)
    .header('content-security-policy', entryPageCsp(nonce))
    .header('x-frame-options', 'SAMEORIGIN')
    .header('cache-control', 'no-store')
    .type('text/html; charset=utf-8')
    .send(render(nonce));
}
