import { sendChatMessageAnswerSchema, type SendChatMessage } from '@paylane/shared/contracts/chat';
import { apiRequest } from '../../../lib/api-client';
import { accountPath } from './keys';

/**
 * POST .../accounts/{account_id}/send_message/ → {[customer_id]: ChatMessage}, with an Idempotency-Key so a
 * retried send after a lost answer is the same message (docs/conventions.md §4).
 */
export async function sendChatMessage(
  merchantId: string,
  accountId: string,
  input: SendChatMessage,
  idempotencyKey: string,
) {
  const answer = await apiRequest(`${accountPath(merchantId, accountId)}send_message/`, {
    method: 'POST',
    body: input,
    headers: { 'Idempotency-Key': idempotencyKey },
    schema: sendChatMessageAnswerSchema,
  });
  const message = answer[input.customer] ?? Object.values(answer)[0];
  if (!message) throw new Error('The send answer named no message');
  return message;
}
