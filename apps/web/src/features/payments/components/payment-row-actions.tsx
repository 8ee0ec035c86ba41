import { Menu } from '@mantine/core';
import type { Transaction } from '@paylane/shared/contracts/payments';
import { formatCurrency } from '@paylane/shared/format';
import { createContext, use, useState } from 'react';
import { useNavigate } from 'react-router';
import { movePaymentPagePath } from '../../../lib/page-paths';
import { useCan } from '../../profile/hooks/use-can';
import { useDownloadReceipt } from '../api/download-receipt';
import { SendReceiptModal } from './send-receipt-modal';
import { RowAction } from '../../../components/row-actions';

/** The account whose payments the table lists: what a row's actions act on. */
export type PaymentActionsTarget = { merchantId: string; customerId: string; accountId: string };

/** Null: the table shows no actions (a read-only list). */
export const PaymentActionsContext = createContext<PaymentActionsTarget | null>(null);

/** A payment whose outcome is unknown or that failed confirms nothing: no receipt (as the server says). */
const hasReceipt = (transaction: Transaction) =>
  transaction.status !== 'PENDING' && transaction.status !== 'FAILED';

/**
 * A payment row's actions (issue 17): Send Receipt (email or text), Download Receipt (the PDF), and, for a
 * PAID payment and those allowed to undo money, Move Payment, which opens /customers/move-payment on it.
 */
export function PaymentRowActions({ transaction }: { transaction: Transaction }) {
  const target = use(PaymentActionsContext);
  // A refund's own row has no receipt of its own: its payment's receipt lists it.
  if (!target || transaction.payment.refund_of !== null) return null;
  return <RowMenu target={target} transaction={transaction} />;
}

function RowMenu({ target, transaction }: { target: PaymentActionsTarget; transaction: Transaction }) {
  const navigate = useNavigate();
  const canMove = useCan('correctPayments', target.merchantId);
  const [isSending, setSending] = useState(false);
  const payment = { customerId: target.customerId, accountId: target.accountId, paymentId: transaction.id };
  const download = useDownloadReceipt(target.merchantId, payment);
  const label = `${formatCurrency(transaction.payment.total_amount_cents)} · ${transaction.payment.method_label}`;
  const isMovable = canMove && transaction.status === 'PAID';
  if (!hasReceipt(transaction) && !isMovable) return null;
  return (
    <>
      <Menu position="bottom-end" withinPortal>
        <Menu.Target>
          <RowAction
            aria-label={`Actions for the payment of ${label}`}
            loading={download.isPending}
            onClick={(event) => event.stopPropagation()}
          >
            Actions
          </RowAction>
        </Menu.Target>
        <Menu.Dropdown>
          {hasReceipt(transaction) ? (
            <>
              <Menu.Item onClick={() => setSending(true)}>Send Receipt</Menu.Item>
              <Menu.Item onClick={() => download.mutate()}>Download Receipt</Menu.Item>
            </>
          ) : null}
          {isMovable ? (
            <Menu.Item onClick={() => void navigate(movePaymentPagePath(payment))}>Move Payment</Menu.Item>
          ) : null}
        </Menu.Dropdown>
      </Menu>
      {isSending ? (
        <SendReceiptModal
          merchantId={target.merchantId}
          payment={payment}
          paymentLabel={label}
          onClose={() => setSending(false)}
        />
      ) : null}
    </>
  );
}
