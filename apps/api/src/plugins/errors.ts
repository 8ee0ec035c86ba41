import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { messages } from '@paylane/shared/messages';
import { HttpError } from '../lib/http-errors';

// Every failure leaves in the API's error shape; bad input never becomes a 500.
export const errorsPlugin = fp(async (app: FastifyInstance) => {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof HttpError) {
      return reply.status(error.statusCode).headers(error.headers).send(error.body);
    }
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
