import type { AppContext } from '../../context';

/** The account's current autopay method (the autopay module's enrolment), or null when not enrolled. */
export async function findAutopayMethodId(
  _ctx: AppContext,
  _key: { merchantId: string; accountId: string },
): Promise<string | null> {
  // Until the autopay branch lands: no enrolment to read, so the failed charge's own method is retried.
  return null;
}
