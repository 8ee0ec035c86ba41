import { messages } from '@paylane/shared/messages';

type ErrorBody = { detail: string } | Record<string, string[]>;

/** An error the client is meant to see, already in the API's error shape (design.md §4). */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    readonly body: ErrorBody,
    readonly headers: Record<string, string> = {},
  ) {
    super(typeof body.detail === 'string' ? body.detail : JSON.stringify(body));
  }
}

/** 400 with messages by field; use `non_field_errors` for a message about the whole request. */
export const badRequest = (fields: Record<string, string[]>) => new HttpError(400, fields);
export const fieldError = (field: string, message: string) => badRequest({ [field]: [message] });
export const unauthorized = (detail: string = messages.notAuthenticated) => new HttpError(401, { detail });
export const forbidden = (detail: string = messages.permissionDenied) => new HttpError(403, { detail });
export const notFound = (detail: string = messages.notFound) => new HttpError(404, { detail });
export const conflict = (detail: string) => new HttpError(409, { detail });
export const tooManyRequests = (detail: string, retryAfterSeconds: number) =>
  new HttpError(429, { detail }, { 'retry-after': String(Math.max(1, Math.ceil(retryAfterSeconds))) });
