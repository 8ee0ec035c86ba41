// Error bodies of docs/conventions.md §4: 400 {"<field>": ["message"]} or {"non_field_errors": [...]}; others {"detail": "..."}.

export class ApiError extends Error {
  /** HTTP status; 0 when the request never got an answer (network down, aborted). */
  readonly status: number;
  readonly detail?: string;
  /** Messages per field, non_field_errors excluded. */
  readonly fieldErrors?: Record<string, string[]>;
  readonly nonFieldErrors?: string[];

  constructor(init: {
    status: number;
    detail?: string;
    fieldErrors?: Record<string, string[]>;
    nonFieldErrors?: string[];
  }) {
    super(init.detail ?? init.nonFieldErrors?.[0] ?? `Request failed with status ${init.status}`);
    this.name = 'ApiError';
    this.status = init.status;
    this.detail = init.detail;
    this.fieldErrors = init.fieldErrors;
    this.nonFieldErrors = init.nonFieldErrors;
  }
}

export const isApiError = (error: unknown): error is ApiError => error instanceof ApiError;

/** Builds the typed error from a failed response's status and parsed body (any shape). */
export function toApiError(status: number, body: unknown): ApiError {
  if (!body || typeof body !== 'object' || Array.isArray(body)) return new ApiError({ status });
  const record = body as Record<string, unknown>;
  const detail = typeof record.detail === 'string' ? record.detail : undefined;
  const fieldErrors: Record<string, string[]> = {};
  let nonFieldErrors: string[] | undefined;
  for (const [key, value] of Object.entries(record)) {
    if (key === 'detail') continue;
    const list = toMessages(value);
    if (list.length === 0) continue;
    if (key === 'non_field_errors') nonFieldErrors = list;
    else fieldErrors[key] = list;
  }
  return new ApiError({
    status,
    detail,
    fieldErrors: Object.keys(fieldErrors).length > 0 ? fieldErrors : undefined,
    nonFieldErrors,
  });
}

function toMessages(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (Array.isArray(value)) return value.filter((item): item is string => typeof item === 'string');
  return [];
}
