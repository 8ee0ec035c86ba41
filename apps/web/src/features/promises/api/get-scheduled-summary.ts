import { scheduledSummarySchema } from '@paylane/shared/contracts/promises';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { promisesKey, scheduledSummaryPath } from './keys';

/** GET /api/merchants/{m}/scheduled_summary/: Home's scheduled payments waiting, due soon and failed lately. */
export function getScheduledSummary(merchantId: string) {
  return apiRequest(scheduledSummaryPath(merchantId), { schema: scheduledSummarySchema });
}

export const useScheduledSummary = (merchantId: string) =>
  useQuery({
    queryKey: [...promisesKey(merchantId), 'scheduled-summary'],
    queryFn: () => getScheduledSummary(merchantId),
  });
