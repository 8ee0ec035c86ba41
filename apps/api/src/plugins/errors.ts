import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { messages } from '@paylane/shared/messages';
import {
  ConflictError,
  DomainError,
  ForbiddenError,
  NotAuthenticatedError,
  NotFoundError,
  RateLimitedError,
  RefusedError,
  TooLargeError,
  ValidationError,
} from '../kit/errors';

// Every failure leaves in the API's error shape; bad input never becomes a 500.
export const errorsPlugin = fp(async (app: FastifyInstance) => {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof DomainError) return sendDomainError(error, reply);
    if (hasZodFastifySchemaValidationErrors(error)) {
      return reply.status(400).send(fieldErrorsOf(error.validation));
    }
    if (error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || error instanceof SyntaxError) {
      return reply.status(400).send({ non_field_errors: [messages.malformedJson] });
    }
    if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
      return reply.status(413).send({ detail: messages.bodyTooLarge });
    }
    if (!isResponseSerializationError(error) && error.statusCode && error.statusCode < 500) {
      return reply.status(error.statusCode).send({ detail: error.message });
    }
    request.log.error({ err: error }, 'request failed');
    return reply.status(500).send({ detail: messages.genericError });
  });
});

/** The one mapping from what went wrong in the domain to HTTP (docs/conventions.md §4). */
function sendDomainError(error: DomainError, reply: FastifyReply) {
  if (error instanceof ValidationError) return reply.status(400).send(error.fields);
  if (error instanceof RateLimitedError) {
    const retryAfter = String(Math.max(1, Math.ceil(error.retryAfterSeconds)));
    return reply.status(429).header('retry-after', retryAfter).send({ detail: error.detail });
  }
  const status = statusOf(error);
  return reply.status(status).send({ detail: error.message });
}

function statusOf(error: DomainError): number {
  if (error instanceof RefusedError) return 400;
  if (error instanceof NotAuthenticatedError) return 401;
  if (error instanceof ForbiddenError) return 403;
  if (error instanceof NotFoundError) return 404;
  if (error instanceof ConflictError) return 409;
  if (error instanceof TooLargeError) return 413;
  return 500;
}

type ValidationIssue = { instancePath: string; message?: string | undefined };

/** `/email` → `{ email: [...] }`; nested paths join with dots; an issue about the whole body → non_field_errors. */
export function fieldErrorsOf(issues: ValidationIssue[]): Record<string, string[]> {
  const fields: Record<string, string[]> = {};
  for (const issue of issues) {
    const field = issue.instancePath.replace(/^\//, '').replaceAll('/', '.') || 'non_field_errors';
    (fields[field] ??= []).push(issue.message ?? messages.required);
  }
  return fields;
}

export function sendApiNotFound(_request: FastifyRequest, reply: FastifyReply) {
  return reply.status(404).send({ detail: messages.notFound });
}
