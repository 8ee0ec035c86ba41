import { ApiError, toApiError } from '../../../lib/api-error';
import { logout, refreshAccessToken } from '../../../lib/session';
import { readAccessToken } from '../../../lib/session-storage';

/**
 * A call apiRequest cannot make (a multipart upload, a file download), with its rules kept by hand: a fresh
 * bearer token, any 401 logs out, failures as ApiError in the API's error shape.
 */
export async function authorizedFetch(
  path: string,
  init: Omit<RequestInit, 'headers'> & { headers?: Record<string, string> } = {},
): Promise<Response> {
  await refreshAccessToken().catch(() => {});
  const token = readAccessToken();
  if (!token) {
    void logout('unauthorized');
    throw new ApiError({ status: 401 });
  }
  let response: Response;
  try {
    response = await fetch(path, {
      ...init,
      headers: { Accept: 'application/json', ...init.headers, Authorization: `Bearer ${token}` },
    });
  } catch {
    throw new ApiError({ status: 0 });
  }
  if (response.ok) return response;
  if (response.status === 401) void logout('unauthorized');
  const payload: unknown = await response.json().catch(() => undefined);
  throw toApiError(response.status, payload);
}
