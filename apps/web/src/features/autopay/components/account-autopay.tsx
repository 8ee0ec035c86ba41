import { Button, Group, Modal, Paper, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { FormAlert } from '../../../components/form-alert';
import { useAutopay, type AccountRef } from '../api/get-autopay';
import { useStopAutopay } from '../api/stop-autopay';
import { autopayErrorMessages } from './autopay-errors';
import { AutopaySetupModal } from './autopay-setup-modal';
import { StatusBadge } from '../../../components/status-badge';

type Props = {
  merchantId: string;
  account: AccountRef & { amountDueCents: number; dueDate: string | null; isAutopayEnabled: boolean };
  accountTitle: string;
  /** Set Up and Stop are offered (not on a voided customer). */
  canChange: boolean;
};

const ordinal = (day: number) =>
  `${day}${day % 10 === 1 && day !== 11 ? 'st' : day % 10 === 2 && day !== 12 ? 'nd' : day % 10 === 3 && day !== 13 ? 'rd' : 'th'}`;

/** An account's Autopay (issue 18 item 1): On (method, due day) or Off, with Set Up Autopay or Stop Autopay. */
export function AccountAutopay({ merchantId, account, accountTitle, canChange }: Props) {
  // The switch comes with the customer's answer; the enrolment (method, due day) is read while it is on.
  const isOn = account.isAutopayEnabled;
  const autopay = useAutopay(merchantId, account, null, isOn);
  const [isSettingUp, setSettingUp] = useState(false);
  const [isStopping, setStopping] = useState(false);
  const enrolment = autopay.data?.enrolment;
  const active = isOn && enrolment && !enrolment.stopped_at ? enrolment : null;
  return (
    <Paper withBorder radius="md" p="sm" component="section" aria-label={`Autopay on ${accountTitle}`}>
      <Group justify="space-between">
        <Group gap="sm">
          <Text fw={600} size="sm">
            Autopay
          </Text>
          <StatusBadge
            status={isOn ? 'on' : 'off'}
            label={isOn ? 'On' : 'Off'}
            tone={isOn ? 'success' : 'muted'}
          />
          {active ? (
            <Text size="sm">{`${active.payment_method.label}, due day ${ordinal(active.due_day)}`}</Text>
          ) : null}
        </Group>
        {canChange ? (
          isOn ? (
            <Button size="xs" variant="light" color="red" onClick={() => setStopping(true)}>
              Stop Autopay
            </Button>
          ) : (
            <Button size="xs" variant="light" onClick={() => setSettingUp(true)}>
              Set Up Autopay
            </Button>
          )
        ) : null}
      </Group>
      {isSettingUp ? (
        <AutopaySetupModal
          merchantId={merchantId}
          account={account}
          accountTitle={accountTitle}
          onClose={() => setSettingUp(false)}
        />
      ) : null}
      {isStopping ? (
        <StopAutopayModal merchantId={merchantId} account={account} onClose={() => setStopping(false)} />
      ) : null}
    </Paper>
  );
}

function StopAutopayModal(props: { merchantId: string; account: AccountRef; onClose: () => void }) {
  const stop = useStopAutopay(props.merchantId, props.account);
  const [messages, setMessages] = useState<string[]>([]);
  const confirm = () =>
    stop.mutate(undefined, {
      onSuccess: props.onClose,
      onError: (error) => setMessages(autopayErrorMessages(error, 'Autopay could not be stopped.')),
    });
  return (
    <Modal opened onClose={props.onClose} title="Stop Autopay" closeButtonProps={{ 'aria-label': 'Close' }}>
      <Stack>
        <FormAlert messages={messages} />
        <Text size="sm">
          Stop Autopay on this account? No more payments will be charged automatically; the customer is told
          by text.
        </Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={props.onClose} disabled={stop.isPending}>
            Cancel
          </Button>
          <Button color="red" onClick={confirm} loading={stop.isPending}>
            Stop Autopay
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
