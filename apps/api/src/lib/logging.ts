import type { FastifyRequest } from 'fastify';
import { stdSerializers, type LoggerOptions } from 'pino';
import { isUuid } from '@paylane/shared/validation';

// Logs carry no secrets and no personal data (docs/conventions.md §8). Reset, invite and SSO links, websocket access
// tokens and future pay links put secrets in URLs; a failed query carries phones, bodies and birth dates in
// its parameters. Every logger of the process (Fastify's and the job queue's) uses these options.

export const REDACTED = '[redacted]';

/** pino options shared by every logger of the process. */
export function loggerOptions(level: string): LoggerOptions {
  return {
    level,
    serializers: {
      req: serializeRequest,
      err: (error: unknown) => stdSerializers.err(withoutQueryValues(error) as Error),
    },
  };
}

function serializeRequest(request: FastifyRequest) {
  return {
    method: request.method,
    url: redactUrl(request.url),
    remoteAddress: request.ip,
  };
}

/**
 * The URL with every query value and every secret-looking path segment replaced. A segment is a secret
 * when it is long and random: 20 or more characters with a digit or a capital letter, and not a UUID (ids
 * are not secrets; route words are lower case). Route-independent on purpose, so a new link-bearing route
 * (reset, invite, SSO, pay link, media names) is covered the day it is written. Hashed build assets keep
 * their names: they are public and help reading a log.
 */
export function redactUrl(url: string): string {
  const queryStart = url.indexOf('?');
  const pathname = queryStart === -1 ? url : url.slice(0, queryStart);
  const query = queryStart === -1 ? '' : url.slice(queryStart + 1);
  const path = pathname.startsWith('/assets/')
    ? pathname
    : pathname
        .split('/')
        .map((segment) => (isSecretLike(segment) ? REDACTED : segment))
        .join('/');
  if (queryStart === -1) return path;
  const redactedQuery = query
    .split('&')
    .map((pair) => (pair.includes('=') ? `${pair.slice(0, pair.indexOf('='))}=${REDACTED}` : pair))
    .join('&');
  return `${path}?${redactedQuery}`;
}

function isSecretLike(segment: string): boolean {
  if (segment.length < 20 || isUuid(segment)) return false;
  return /[0-9A-Z]/.test(segment);
}

type QueryError = Error & { query: string; params: unknown[] };
type DatabaseErrorFields = {
  code?: string;
  detail?: string;
  where?: string;
  internalQuery?: string;
  constraint?: string;
  table?: string;
  column?: string;
};

function isQueryError(error: unknown): error is QueryError {
  return error instanceof Error && 'query' in error && 'params' in error && Array.isArray(error.params);
}

/**
 * Drizzle's failed-query error writes the bind parameters into its message and stack; PostgreSQL's error
 * repeats values in `detail` ("Key (phone)=(+1…) already exists") and, for bad input, in the message. The
 * log keeps the SQL text, the error code, the constraint, table and column: enough to find the bug.
 */
export function withoutQueryValues(error: unknown): unknown {
  if (!isQueryError(error)) return error;
  const safe = new Error(`Failed query: ${error.query}`);
  safe.name = error.name;
  const frames = error.stack?.indexOf('\n    at ') ?? -1;
  safe.stack = `${error.name}: ${safe.message}${frames === -1 ? '' : (error.stack ?? '').slice(frames)}`;
  if (!(error.cause instanceof Error)) return safe;
  const cause = withoutValues(error.cause);
  // pino folds a cause into the message; what identifies the failure is copied up to stay searchable.
  const { code, constraint, table, column } = cause as DatabaseErrorFields;
  return Object.assign(safe, { cause, code, constraint, table, column });
}

function withoutValues(cause: Error & DatabaseErrorFields): Error {
  // Class 22 (data exceptions) quotes the offending input in the message.
  const isDataException = cause.code?.startsWith('22') ?? false;
  const message = isDataException ? cause.message.replace(/"[^"]*"/g, `"${REDACTED}"`) : cause.message;
  const safe = Object.assign(new Error(message), cause, {
    message,
    detail: cause.detail === undefined ? undefined : REDACTED,
    where: undefined,
    internalQuery: undefined,
  });
  safe.name = cause.name;
  safe.stack = `${cause.name}: ${message}`;
  return safe;
}
