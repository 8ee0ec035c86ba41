import { Button, Group, Modal, Text } from '@mantine/core';
import { useSessionKeeper } from '../hooks/use-session-keeper';

/** Runs the session keeper and shows docs/product.md §4's 'Are You Still There?' warning with its 60 s countdown. */
export function IdleWarningModal() {
  const { warningSecondsLeft, continueSession } = useSessionKeeper();
  const isOpen = warningSecondsLeft !== null;
  return (
    <Modal
      opened={isOpen}
      onClose={continueSession}
      title="Are You Still There?"
      centered
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      <Text mb="md">
        You have been inactive for a while. For your security you will be logged out in{' '}
        <Text span fw={700} data-testid="idle-countdown">
          {warningSecondsLeft ?? 0}
        </Text>{' '}
        seconds.
      </Text>
      <Group justify="flex-end">
        <Button onClick={continueSession}>I&apos;m Still Here</Button>
      </Group>
    </Modal>
  );
}
