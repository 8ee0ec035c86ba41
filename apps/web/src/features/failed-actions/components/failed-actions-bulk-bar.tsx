import { Button, Group, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import type { BulkFailedActionAnswer, FailedActionKind } from '@paylane/shared/contracts/failed-actions';
import { messages } from '@paylane/shared/messages';
import { useActOnFailedActions, type BulkTarget, type FailedActionVerb } from '../api/act-on-failed-actions';
import { showActionRefusal, showActionToast } from './failed-action-toast';

type Props = {
  merchantId: string;
  selectedIds: readonly string[];
  /** The list's kind filter: "all" acts on every open action of these kinds ([] is every kind). */
  kinds: readonly FailedActionKind[];
  onDone: () => void;
};

/** What a bulk request did: the spec's toast for what went through, the server's words for the first refusal. */
function showBulkOutcome(verb: FailedActionVerb, answer: BulkFailedActionAnswer) {
  const done = answer.results.filter((action) =>
    verb === 'retry' ? action.state === 'retried' : action.state !== 'open',
  );
  if (done.length > 0) showActionToast(verb === 'retry' ? messages.actionRetried : messages.actionResolved);
  const refusal = answer.errors[0]?.detail;
  const stillOpen = answer.results.find((action) => action.state === 'open');
  if (refusal) showActionToast(refusal, 'red');
  else if (stillOpen) showActionToast(stillOpen.reason_message, 'red');
}

/** Retry or Resolve the selected actions, or every open one matching the filter ("all"). */
export function FailedActionsBulkBar({ merchantId, selectedIds, kinds, onDone }: Props) {
  const bulk = useActOnFailedActions(merchantId);
  // The toast follows the promise, not mutate's callbacks: the refreshed list can unmount this bar first.
  const run = (verb: FailedActionVerb, target: BulkTarget) =>
    bulk.mutateAsync({ verb, target }).then((answer) => {
      showBulkOutcome(verb, answer);
      onDone();
    }, showActionRefusal);
  const selected = { ids: selectedIds };
  // Acting on every open action is one click from many charges or texts: asked first.
  const runAll = (verb: FailedActionVerb) =>
    modals.openConfirmModal({
      title: verb === 'retry' ? 'Retry All' : 'Resolve All',
      children: (
        <Text size="sm">
          {verb === 'retry'
            ? 'Retry every open action in this list? Payments are charged again and messages sent again.'
            : 'Mark every open action in this list as resolved?'}
        </Text>
      ),
      labels: { confirm: verb === 'retry' ? 'Retry All' : 'Resolve All', cancel: 'Cancel' },
      onConfirm: () => run(verb, { all: true, kinds }),
    });
  const hasSelection = selectedIds.length > 0;
  return (
    <Group gap="xs">
      <Text size="sm" c="dimmed">
        {hasSelection ? `${selectedIds.length} selected` : 'Select actions, or act on all open ones'}
      </Text>
      <Button
        size="xs"
        variant="light"
        disabled={!hasSelection}
        loading={bulk.isPending}
        onClick={() => run('retry', selected)}
      >
        Retry Selected
      </Button>
      <Button
        size="xs"
        variant="default"
        disabled={!hasSelection}
        loading={bulk.isPending}
        onClick={() => run('resolve', selected)}
      >
        Resolve Selected
      </Button>
      <Button size="xs" variant="light" loading={bulk.isPending} onClick={() => runAll('retry')}>
        Retry All
      </Button>
      <Button size="xs" variant="default" loading={bulk.isPending} onClick={() => runAll('resolve')}>
        Resolve All
      </Button>
    </Group>
  );
}
