import { messages } from '@paylane/shared/messages';

/**
 * What a service says went wrong, in the domain's words. Services, jobs and CLIs throw these; the error plugin
 * (plugins/errors.ts) is the one place that turns them into HTTP statuses and the API's error shapes
 * (docs/conventions.md §4), so nothing below a route knows about HTTP.
 */
export abstract class DomainError extends Error {}

/** The thing asked for does not exist for this caller (another merchant's, or a malformed id). */
export class NotFoundError extends DomainError {
  constructor(readonly detail: string = messages.notFound) {
    super(detail);
  }
}

/** The input breaks a rule: messages by field, `non_field_errors` for the input as a whole. */
export class ValidationError extends DomainError {
  constructor(readonly fields: Record<string, string[]>) {
    super(JSON.stringify(fields));
  }
}

/** The request as a whole is refused with one message (an expired link, a used token). */
export class RefusedError extends DomainError {
  constructor(readonly detail: string) {
    super(detail);
  }
}

/** The caller is known but not allowed to do this. */
export class ForbiddenError extends DomainError {
  constructor(readonly detail: string = messages.permissionDenied) {
    super(detail);
  }
}

/** The caller could not be identified (no, bad or revoked credentials). */
export class NotAuthenticatedError extends DomainError {
  constructor(readonly detail: string = messages.notAuthenticated) {
    super(detail);
  }
}

/** The state the request expects has changed under it (a race another writer won). */
export class ConflictError extends DomainError {
  constructor(readonly detail: string) {
    super(detail);
  }
}

/** Too many attempts; try again after `retryAfterSeconds`. */
export class RateLimitedError extends DomainError {
  constructor(
    readonly detail: string,
    readonly retryAfterSeconds: number,
  ) {
    super(detail);
  }
}

/** The input is larger than the product accepts (a file, an import). */
export class TooLargeError extends DomainError {
  constructor(readonly detail: string) {
    super(detail);
  }
}

export const notFound = (detail?: string) => new NotFoundError(detail);
export const invalid = (fields: Record<string, string[]>) => new ValidationError(fields);
export const fieldError = (field: string, message: string) => invalid({ [field]: [message] });
export const refused = (detail: string) => new RefusedError(detail);
export const forbidden = (detail?: string) => new ForbiddenError(detail);
export const notAuthenticated = (detail?: string) => new NotAuthenticatedError(detail);
export const conflict = (detail: string) => new ConflictError(detail);
export const rateLimited = (detail: string, retryAfterSeconds: number) =>
  new RateLimitedError(detail, retryAfterSeconds);
export const tooLarge = (detail: string) => new TooLargeError(detail);
