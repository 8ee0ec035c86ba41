import type { AppContext } from '../../context';
import type { Actor } from '../../kit/actor';
import { recordAudit } from '../audit/audit.service';
import { insertCustomerEvents, type CustomerEventInput } from '../customer-history/customer-events.service';
import type { MoveAccount, PaymentMoveRow } from './payment-moves.repository';
import type { PaymentRow } from './payments.repository';

// What a payment move leaves behind besides the ledger, in the move's own transaction (`ctx.db`): an event
// in the history of each customer whose account it touched, and an audit entry (money, docs/conventions.md §5).

type Moved = { payment: PaymentRow; move: PaymentMoveRow; from: MoveAccount; to: MoveAccount };

const accountRef = (account: MoveAccount) => ({
  id: account.id,
  external_id: account.externalId,
  customer: { id: account.customerId, first_name: account.firstName, last_name: account.lastName },
});

export async function recordMove(ctx: AppContext, actor: Actor, moved: Moved): Promise<void> {
  const { payment, move, from, to } = moved;
  const details = {
    payment_id: payment.id,
    move_id: move.id,
    amount_cents: move.amountCents,
    total_amount_cents: payment.amountCents + payment.feeCents,
    method_label: payment.methodLabel,
    from_account: accountRef(from),
    to_account: accountRef(to),
  };
  const event = (customerId: string, accountId: string, direction: 'out' | 'in' | 'within') =>
    ({
      merchantId: actor.merchantId,
      customerId,
      accountId,
      kind: 'payment.moved',
      actorUserId: actor.userId,
      details: { ...details, direction },
      at: move.movedAt,
    }) satisfies CustomerEventInput;
  // One customer's two accounts: one event says it all; two customers: each sees their side.
  await insertCustomerEvents(
    ctx.db,
    from.customerId === to.customerId
      ? [event(to.customerId, to.id, 'within')]
      : [event(from.customerId, from.id, 'out'), event(to.customerId, to.id, 'in')],
  );
  await recordAudit(ctx, {
    merchantId: actor.merchantId,
    actorUserId: actor.userId,
    action: 'payment.moved',
    entityType: 'payment',
    entityId: payment.id,
    before: { account_id: from.id, account_number: from.externalId, customer_id: from.customerId },
    after: {
      account_id: to.id,
      account_number: to.externalId,
      customer_id: to.customerId,
      amount_cents: move.amountCents,
    },
    ip: actor.ip,
  });
}
