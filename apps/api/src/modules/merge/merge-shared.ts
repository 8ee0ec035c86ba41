/** Who merged, for the history and the audit log. */
export type Actor = { merchantId: string; userId: string | null; ip: string };

/** A malformed id is simply not one of the merchant's records: 404, like any other unknown id. */
