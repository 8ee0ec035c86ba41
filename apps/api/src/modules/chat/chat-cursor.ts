import { z } from 'zod';

/** The position of a keyset cursor over message sequence numbers (the chat and the inbox read by it). */
export const seqPosition = z.object({ s: z.number().int().nonnegative() });
