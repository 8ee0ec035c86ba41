import { Badge, NavLink, Stack, Text } from '@mantine/core';
import { INBOX_COUNT_CAP } from '@paylane/shared/contracts/inbox';
import { Link, useLocation } from 'react-router';
import { NAV_ICON_SIZE, NAV_ICONS } from './nav-icons';
import { isNavItemActive, type NavSection } from './navigation';

type Props = {
  sections: NavSection[];
  onNavigate: () => void;
  /** A count beside an item, by its label (the Inbox's unread conversations, open failed actions); 0 shows none. */
  counts?: Record<string, NavCount>;
};

/** How many, and of what: 'Inbox, 3 unread'. */
export type NavCount = { count: number; noun: string };

const countText = (count: number) => (count > INBOX_COUNT_CAP ? `${INBOX_COUNT_CAP}+` : String(count));

export function AppNavigation({ sections, onNavigate, counts = {} }: Props) {
  const { pathname } = useLocation();
  return (
    <Stack gap="md">
      {sections.map((section) => (
        <div key={section.label ?? 'main'}>
          {section.label ? (
            <Text size="xs" fw={700} c="dimmed" tt="uppercase" px="sm" mb={4}>
              {section.label}
            </Text>
          ) : null}
          {section.items.map((item) => {
            const isActive = isNavItemActive(item.to, pathname);
            const { count, noun } = counts[item.label] ?? { count: 0, noun: '' };
            const Icon = NAV_ICONS[item.label];
            return (
              <NavLink
                key={item.label}
                component={Link}
                to={item.to}
                label={item.label}
                leftSection={Icon ? <Icon size={NAV_ICON_SIZE} stroke={1.6} aria-hidden /> : null}
                aria-label={count > 0 ? `${item.label}, ${count} ${noun}` : undefined}
                rightSection={
                  count > 0 ? (
                    <Badge size="sm" color="red.8" aria-hidden>
                      {countText(count)}
                    </Badge>
                  ) : null
                }
                active={isActive}
                aria-current={isActive ? 'page' : undefined}
                onClick={onNavigate}
              />
            );
          })}
        </div>
      ))}
    </Stack>
  );
}
