import { z } from 'zod';

// What the database announces (migration 0011's and 0015's triggers) on the NOTIFY channels every API process
// listens to: ids, never rows. A small statement names its rows; a large one only its extent.

export const MESSAGES_CHANNEL = 'paylane_messages';
export const CONVERSATIONS_CHANNEL = 'paylane_conversations';
export const ACCESS_CHANNEL = 'paylane_access';
export const liveChannels = [MESSAGES_CHANNEL, CONVERSATIONS_CHANNEL, ACCESS_CHANNEL] as const;

/** Messages written or changed by one statement, per merchant: their ids and customers, or a seq range. */
export const messagesNoticeSchema = z.union([
  z.object({ m: z.string(), i: z.array(z.string()), c: z.array(z.string()) }),
  z.object({ m: z.string(), lo: z.number(), hi: z.number(), n: z.number() }),
]);
export type MessagesNotice = z.infer<typeof messagesNoticeSchema>;

/** Conversations (inbox entries) that changed, per merchant: their customers, or how many. */
export const conversationsNoticeSchema = z.union([
  z.object({ m: z.string(), c: z.array(z.string()) }),
  z.object({ m: z.string(), n: z.number() }),
]);
export type ConversationsNotice = z.infer<typeof conversationsNoticeSchema>;

/** Users whose access may have shrunk: disabled, a session revoked, a membership or super admin right gone. */
export const accessNoticeSchema = z.object({ u: z.array(z.string()) });
export type AccessNotice = z.infer<typeof accessNoticeSchema>;

export type LiveNotice =
  | { channel: typeof MESSAGES_CHANNEL; notice: MessagesNotice }
  | { channel: typeof CONVERSATIONS_CHANNEL; notice: ConversationsNotice }
  | { channel: typeof ACCESS_CHANNEL; notice: AccessNotice };

/** A notification's payload, or null when it is not one of ours (logged by the caller). */
export function parseLiveNotice(channel: string, payload: string): LiveNotice | null {
  let json: unknown;
  try {
    json = JSON.parse(payload);
  } catch {
    return null;
  }
  if (channel === MESSAGES_CHANNEL) {
    const parsed = messagesNoticeSchema.safeParse(json);
    return parsed.success ? { channel, notice: parsed.data } : null;
  }
  if (channel === CONVERSATIONS_CHANNEL) {
    const parsed = conversationsNoticeSchema.safeParse(json);
    return parsed.success ? { channel, notice: parsed.data } : null;
  }
  if (channel === ACCESS_CHANNEL) {
    const parsed = accessNoticeSchema.safeParse(json);
    return parsed.success ? { channel, notice: parsed.data } : null;
  }
  return null;
}
