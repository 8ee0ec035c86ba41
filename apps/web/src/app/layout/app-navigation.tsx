import { NavLink, Stack, Text } from '@mantine/core';
import { Link, useLocation } from 'react-router';
import { isNavItemActive, type NavSection } from './navigation';

export function AppNavigation({ sections, onNavigate }: { sections: NavSection[]; onNavigate: () => void }) {
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
            return (
              <NavLink
                key={item.label}
                component={Link}
                to={item.to}
                label={item.label}
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
