import { Anchor, Button, Group, Text } from '@mantine/core';
import { Link } from 'react-router';
import { messageBatchPagePath } from '../../../lib/page-paths';
import type { ComposePhase } from '../hooks/use-compose-submit';

type Props = {
  step: 'compose' | 'review';
  phase: ComposePhase;
  /** Why the message cannot go on to the review (and Send), in words; null when it can. */
  blocker: string | null;
  canReview: boolean;
  /** The batch the send wrote. */
  batchId: string | null;
  onBack: () => void;
  onClose: () => void;
};

/**
 * The compose modal's buttons (docs/product.md §4 compose flow): Cancel and Review with the reason Review (so Send) is
 * disabled; on the review Back and Send; after the send, the batch's report and Close.
 */
export function ComposeFooter({ step, phase, blocker, canReview, batchId, onBack, onClose }: Props) {
  if (phase === 'sent') {
    return (
      <Group justify="flex-end" align="center">
        {batchId ? (
          <Anchor component={Link} to={messageBatchPagePath(batchId)} onClick={onClose} size="sm" mr="auto">
            View the batch report
          </Anchor>
        ) : null}
        <Button onClick={onClose}>Close</Button>
      </Group>
    );
  }
  if (step === 'review') {
    return (
      <Group justify="flex-end" align="center">
        <Button variant="default" onClick={onBack} disabled={phase !== 'idle'}>
          Back
        </Button>
        <Button type="submit" loading={phase === 'busy'}>
          Send
        </Button>
      </Group>
    );
  }
  return (
    <Group justify="flex-end" align="center">
      {phase === 'idle' && blocker ? (
        <Text size="xs" c="dimmed" mr="auto" data-testid="send-hint">
          {blocker}
        </Text>
      ) : null}
      <Button variant="default" onClick={onClose}>
        Cancel
      </Button>
      <Button type="submit" disabled={!canReview}>
        Review
      </Button>
    </Group>
  );
}
