import { Button } from '@mantine/core';
import type { CustomerAccount } from '@paylane/shared/contracts/customers';
import { useState } from 'react';
import { PromiseToPayModal } from './promise-to-pay-modal';

type Props = {
  merchantId: string;
  customerId: string;
  account: CustomerAccount;
  accountTitle: string;
  timeZone: string | undefined;
};

/** 'Promise to Pay' beside Take Payment on an account; the modal is mounted only while open (one key per opening). */
export function PromiseToPayButton(props: Props) {
  const [isOpen, setOpen] = useState(false);
  return (
    <>
      <Button
        size="xs"
        variant="default"
        onClick={() => setOpen(true)}
        aria-label={`Promise to Pay on ${props.accountTitle}`}
      >
        Promise to Pay
      </Button>
      {isOpen ? <PromiseToPayModal {...props} onClose={() => setOpen(false)} /> : null}
    </>
  );
}
