import { Anchor, Group, List, Paper, Stack, Text, ThemeIcon } from '@mantine/core';
import { StatusBadge } from '../../../components/status-badge';
import type { OnboardingItem } from '@paylane/shared/contracts/merchants';
import { Link } from 'react-router';

type Props = {
  items: OnboardingItem[];
  /** Partners read the checklist; only super admins get links to the pages that fix it. */
  canEdit: boolean;
};

function Mark({ isComplete }: { isComplete: boolean }) {
  return (
    <ThemeIcon
      color={isComplete ? 'green' : 'gray'}
      variant={isComplete ? 'filled' : 'light'}
      radius="xl"
      size={24}
    >
      <Text span fw={700} size="sm" aria-hidden="true">
        {isComplete ? '✓' : '✗'}
      </Text>
    </ThemeIcon>
  );
}

function ItemRow({ item, canEdit }: { item: OnboardingItem; canEdit: boolean }) {
  return (
    <List.Item icon={<Mark isComplete={item.is_complete} />}>
      <Group gap="sm" wrap="wrap">
        <Text fw={600}>{item.label}</Text>
        <Text size="sm" c="dimmed">
          ({item.count})
        </Text>
        <StatusBadge
          status={item.is_complete ? 'active' : 'pending'}
          label={item.is_complete ? 'Done' : 'Missing'}
        />
        {item.is_optional ? (
          <Text size="xs" c="dimmed">
            Optional
          </Text>
        ) : null}
        {canEdit ? (
          <Anchor
            component={Link}
            to={item.link}
            size="sm"
            aria-label={`${item.is_complete ? 'View' : 'Add'} ${item.label}`}
          >
            {item.is_complete ? 'View' : 'Add'}
          </Anchor>
        ) : null}
      </Group>
    </List.Item>
  );
}

/** What is set up and what is missing for a merchant to start taking payments. */
export function OnboardingChecklist({ items, canEdit }: Props) {
  return (
    <Paper withBorder radius="md" p="md">
      <Stack>
        <List spacing="md" center aria-label="Onboarding checklist">
          {items.map((item) => (
            <ItemRow key={item.key} item={item} canEdit={canEdit} />
          ))}
        </List>
      </Stack>
    </Paper>
  );
}
