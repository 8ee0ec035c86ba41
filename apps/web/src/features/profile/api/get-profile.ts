import { pageOf } from '@paylane/shared/contracts/paging';
import { profileSchema, type Profile } from '@paylane/shared/contracts/profile';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { ApiError } from '../../../lib/api-error';

const profilePageSchema = pageOf(profileSchema);

/** GET /api/profile/ answers a page of one; the profile is results[0]. */
export async function getProfile(): Promise<Profile> {
  const page = await apiRequest('/api/profile/', { schema: profilePageSchema });
  const profile = page.results[0];
  if (!profile) throw new ApiError({ status: 404, detail: 'Not found.' });
  return profile;
}

export const profileQueryOptions = () =>
  queryOptions({ queryKey: ['profile'], queryFn: getProfile, staleTime: 5 * 60_000 });

export const useProfile = () => useQuery(profileQueryOptions());
