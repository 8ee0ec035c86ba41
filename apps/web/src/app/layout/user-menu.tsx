import { Avatar, Group, Menu, Text, UnstyledButton } from '@mantine/core';
import { initials } from '../../lib/format';
import { logout } from '../../lib/session';

/** The user's name and role display (docs/product.md §3), with the keyboard shortcuts and Logout. */
export function UserMenu(props: { name: string; role: string; onShowShortcuts: () => void }) {
  const { name, role, onShowShortcuts } = props;
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <UnstyledButton>
          <Group gap="xs" wrap="nowrap">
            <Avatar radius="xl" size="sm" color="blue" aria-hidden="true">
              {initials(name)}
            </Avatar>
            <div>
              <Text size="sm" fw={600} lh={1.2}>
                {name}
              </Text>
              {role ? (
                <Text size="xs" c="dimmed" lh={1.2}>
                  {role}
                </Text>
              ) : null}
            </div>
          </Group>
        </UnstyledButton>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Item onClick={onShowShortcuts}>Keyboard shortcuts</Menu.Item>
        <Menu.Item onClick={() => void logout('user')}>Logout</Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
