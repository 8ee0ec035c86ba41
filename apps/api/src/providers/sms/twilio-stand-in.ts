import { createHmac, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

// A local stand-in for Twilio that speaks its documented contract over real HTTP (docs/conventions.md §6), for the
// tests of the real adapter and webhooks: the Messages REST resource with Basic auth and Twilio's error JSON,
// and signed form-encoded status callbacks and inbound messages posted back to the app.

export type StandInMessage = {
  sid: string;
  to: string;
  from: string | null;
  messagingServiceSid: string | null;
  body: string;
  mediaUrls: string[];
  statusCallback: string | null;
  status: string;
  dateCreated: Date;
  dateSent: Date | null;
  errorCode: number | null;
};

export type StandInRequest = { method: string; path: string; params: URLSearchParams; authorized: boolean };
export type WebhookAnswer = { status: number; body: string; headers: Headers };
type ErrorAnswer = { status: number; code: number; message: string };

export type TwilioStandIn = {
  /** The REST base to configure as TWILIO_API_URL. */
  url: string;
  messages: StandInMessage[];
  requests: StandInRequest[];
  /** Refuse every send to this number with a Twilio error (21610 unsubscribed, 21211 invalid To). */
  refuse(to: string, code: number): void;
  /** Answer the next `count` sends with this HTTP status (500, 503, 429) before handling any. */
  failNext(status: number, count?: number): void;
  /** Posts a status callback for a sent message to its StatusCallback URL, signed like Twilio. */
  sendStatus(
    sid: string,
    status: string,
    options?: { errorCode?: number; signWith?: string },
  ): Promise<WebhookAnswer>;
  /** Posts an inbound message to the app's inbound webhook URL (the public URL Twilio was configured with). */
  sendInbound(input: InboundInput): Promise<WebhookAnswer & { sid: string }>;
  close(): Promise<void>;
};

export type InboundInput = {
  url: string;
  from: string;
  to: string;
  /** The Messaging Service the number texted belongs to (Twilio adds MessagingServiceSid). */
  messagingServiceSid?: string;
  body: string;
  media?: { url: string; contentType: string }[];
  /** Sign with another token: a forged request. */
  signWith?: string;
  /** Reuse a MessageSid: Twilio redelivering the same webhook. */
  sid?: string;
};

const knownErrors: Record<number, string> = {
  21211: "The 'To' number is not a valid phone number.",
  21610: 'Attempt to send to unsubscribed recipient',
  21603: "A 'From' or 'MessagingServiceSid' parameter is required to send a message",
  21602: 'Message body is required.',
};
const e164 = /^\+[1-9]\d{7,14}$/;

/** The documented signature algorithm (docs/reference/messaging.md §1), written out so the app's check is tested against it. */
export function signTwilioRequest(authToken: string, url: string, params: Record<string, string>): string {
  const data = Object.keys(params)
    .sort()
    .reduce((acc, name) => acc + name + params[name], url);
  return createHmac('sha1', authToken).update(Buffer.from(data, 'utf8')).digest('base64');
}

export async function startTwilioStandIn(options: {
  accountSid: string;
  authToken: string;
  /** Where a webhook for a public URL is actually delivered (the app listens on a random local port). */
  deliverTo?: (publicUrl: string) => string;
}): Promise<TwilioStandIn> {
  const messages: StandInMessage[] = [];
  const requests: StandInRequest[] = [];
  const refused = new Map<string, number>();
  const failures: number[] = [];
  const basePath = `/2010-04-01/Accounts/${options.accountSid}/Messages`;
  const expectedAuth =
    'Basic ' + Buffer.from(`${options.accountSid}:${options.authToken}`).toString('base64');

  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? '/', 'http://stand-in');
    const isForm = req.method === 'POST';
    const params = isForm ? new URLSearchParams(await readBody(req)) : url.searchParams;
    const authorized = req.headers.authorization === expectedAuth;
    requests.push({ method: req.method ?? '', path: url.pathname, params, authorized });
    if (!authorized) return sendError(res, { status: 401, code: 20003, message: 'Authenticate' });
    if (url.pathname === `${basePath}.json` && req.method === 'POST') return create(res, params);
    if (url.pathname === `${basePath}.json` && req.method === 'GET') return list(res, params);
    return sendError(res, { status: 404, code: 20404, message: 'The requested resource was not found' });
  };

  const create = (res: ServerResponse, params: URLSearchParams) => {
    const failure = failures.shift();
    if (failure)
      return sendError(res, { status: failure, code: 20000 + failure, message: 'Service unavailable' });
    const refusal = refusalOf(params, refused);
    if (refusal) return sendError(res, refusal);
    const message: StandInMessage = {
      sid: newSid('SM'),
      to: params.get('To') ?? '',
      from: params.get('From'),
      messagingServiceSid: params.get('MessagingServiceSid'),
      body: params.get('Body') ?? '',
      mediaUrls: params.getAll('MediaUrl'),
      statusCallback: params.get('StatusCallback'),
      status: params.get('MessagingServiceSid') ? 'accepted' : 'queued',
      dateCreated: new Date(),
      dateSent: null,
      errorCode: null,
    };
    messages.push(message);
    sendJson(res, 201, messageJson(options.accountSid, message));
    // It leaves Twilio's queue at once: later listings show it sent, with its DateSent.
    Object.assign(message, { status: 'sent', dateSent: new Date(), from: message.from ?? '+15005550006' });
  };

  const list = (res: ServerResponse, params: URLSearchParams) => {
    const after = params.get('DateSent>');
    const pageSize = Number(params.get('PageSize') ?? 50);
    const found = messages
      .filter((m) => !params.get('To') || m.to === params.get('To'))
      .filter((m) => !params.get('From') || m.from === params.get('From'))
      .filter((m) => !after || (m.dateSent !== null && m.dateSent >= new Date(after)))
      .sort((a, b) => b.dateCreated.getTime() - a.dateCreated.getTime())
      .slice(0, pageSize);
    const uri = `${basePath}.json`;
    sendJson(res, 200, {
      messages: found.map((m) => messageJson(options.accountSid, m)),
      first_page_uri: `${uri}?PageSize=${pageSize}&Page=0`,
      next_page_uri: null,
      previous_page_uri: null,
      page: 0,
      page_size: pageSize,
      start: 0,
      end: Math.max(0, found.length - 1),
      uri,
    });
  };

  const server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) =>
      sendError(res, { status: 500, code: 20500, message: String(error) }),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const deliverTo = options.deliverTo ?? ((url: string) => url);

  const post = async (url: string, params: Record<string, string>, signWith?: string) => {
    const signature = signTwilioRequest(signWith ?? options.authToken, url, params);
    const response = await fetch(deliverTo(url), {
      method: 'POST',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        'x-twilio-signature': signature,
        'user-agent': 'TwilioProxy/1.1',
      },
      body: new URLSearchParams(params).toString(),
    });
    return { status: response.status, body: await response.text(), headers: response.headers };
  };

  return {
    url: `http://127.0.0.1:${port}`,
    messages,
    requests,
    refuse: (to, code) => refused.set(to, code),
    failNext: (status, count = 1) => failures.push(...Array.from({ length: count }, () => status)),
    async sendStatus(sid, status, statusOptions = {}) {
      const message = messages.find((m) => m.sid === sid);
      if (!message?.statusCallback) throw new Error(`no message ${sid} with a status callback`);
      message.status = status;
      message.errorCode = statusOptions.errorCode ?? null;
      const params: Record<string, string> = {
        AccountSid: options.accountSid,
        ApiVersion: '2010-04-01',
        From: message.from ?? '',
        To: message.to,
        MessageSid: sid,
        SmsSid: sid,
        MessageStatus: status,
        SmsStatus: status,
        ...(message.messagingServiceSid ? { MessagingServiceSid: message.messagingServiceSid } : {}),
        ...(statusOptions.errorCode ? { ErrorCode: String(statusOptions.errorCode) } : {}),
        ...(status === 'delivered' || status === 'undelivered'
          ? { RawDlrDoneDate: dlrDate(new Date()) }
          : {}),
      };
      return post(message.statusCallback, params, statusOptions.signWith);
    },
    async sendInbound(input) {
      const sid = input.sid ?? newSid('SM');
      const media = input.media ?? [];
      const params: Record<string, string> = {
        AccountSid: options.accountSid,
        ApiVersion: '2010-04-01',
        MessageSid: sid,
        SmsMessageSid: sid,
        SmsSid: sid,
        SmsStatus: 'received',
        From: input.from,
        To: input.to,
        ...(input.messagingServiceSid ? { MessagingServiceSid: input.messagingServiceSid } : {}),
        Body: input.body,
        NumMedia: String(media.length),
        NumSegments: '1',
      };
      media.forEach((item, n) => {
        params[`MediaUrl${n}`] = item.url;
        params[`MediaContentType${n}`] = item.contentType;
      });
      return { ...(await post(input.url, params, input.signWith)), sid };
    },
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

function refusalOf(params: URLSearchParams, refused: Map<string, number>): ErrorAnswer | null {
  const to = params.get('To') ?? '';
  if (!e164.test(to)) return { status: 400, code: 21211, message: knownErrors[21211]! };
  if (!params.get('From') && !params.get('MessagingServiceSid'))
    return { status: 400, code: 21603, message: knownErrors[21603]! };
  if (!params.get('Body') && params.getAll('MediaUrl').length === 0)
    return { status: 400, code: 21602, message: knownErrors[21602]! };
  const code = refused.get(to);
  if (code) return { status: 400, code, message: knownErrors[code] ?? `Error ${code}` };
  return null;
}

function messageJson(accountSid: string, m: StandInMessage) {
  return {
    account_sid: accountSid,
    api_version: '2010-04-01',
    body: m.body,
    date_created: rfc2822(m.dateCreated),
    date_sent: m.dateSent ? rfc2822(m.dateSent) : null,
    date_updated: rfc2822(m.dateSent ?? m.dateCreated),
    direction: 'outbound-api',
    error_code: m.errorCode,
    error_message: null,
    from: m.from,
    messaging_service_sid: m.messagingServiceSid,
    num_media: String(m.mediaUrls.length),
    num_segments: '1',
    price: null,
    price_unit: 'USD',
    sid: m.sid,
    status: m.status,
    subresource_uris: { media: `/2010-04-01/Accounts/${accountSid}/Messages/${m.sid}/Media.json` },
    to: m.to,
    uri: `/2010-04-01/Accounts/${accountSid}/Messages/${m.sid}.json`,
  };
}

function sendError(res: ServerResponse, error: ErrorAnswer) {
  sendJson(res, error.status, {
    code: error.code,
    message: error.message,
    more_info: `https://www.twilio.com/docs/errors/${error.code}`,
    status: error.status,
  });
}

function sendJson(res: ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
}

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

const newSid = (prefix: string) => prefix + randomBytes(16).toString('hex');
const rfc2822 = (date: Date) => date.toUTCString().replace('GMT', '+0000');
// RawDlrDoneDate: YYMMDDhhmm.
const dlrDate = (date: Date) => date.toISOString().slice(2, 16).replace(/[-T:]/g, '');
