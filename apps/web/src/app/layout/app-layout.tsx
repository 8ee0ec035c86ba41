import { AppShell, Burger, Group, ScrollArea, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { ModalsProvider } from '@mantine/modals';
import type { MerchantSummary } from '@paylane/shared/contracts/merchants';
import { displayRoles } from '@paylane/shared/permissions';
import { Outlet, useLocation, useNavigate } from 'react-router';
import { FullPageLoader } from '../../components/full-page-loader';
import { SkipLink } from '../../components/skip-link';
import { setCurrentMerchantId } from '../../features/merchants/current-merchant';
import { useCurrentMerchant } from '../../features/merchants/hooks/use-current-merchant';
import { flagsInMerchant, rolesInMerchant, standardRolesInMerchant } from '../../features/profile/access';
import { useSignedInUser } from '../../features/profile/hooks/use-signed-in-user';
import { formatFullName } from '../../lib/format';
import { AppNavigation } from './app-navigation';
import { CommandPalette, CommandPaletteButton } from './command-palette';
import { KeyboardShortcuts, useKeyboardShortcutsKey } from './keyboard-shortcuts';
import { useOpenFailedActionCount } from '../../features/failed-actions/api/count-open-failed-actions';
import { useInboxCounts } from '../../features/inbox/api/inbox-counts';
import { MerchantSwitcher } from './merchant-switcher';
import { buildNavigation } from './navigation';
import { UserMenu } from './user-menu';
import { textColors } from '../../lib/scheme-colors';

/** A merchant-scoped page follows the switch to the same page of the new merchant. */
export function pathForMerchant(pathname: string, fromId: string | null, toId: string): string {
  if (!fromId) return pathname;
  const prefix = `/merchants/${encodeURIComponent(fromId)}`;
  if (pathname !== prefix && !pathname.startsWith(`${prefix}/`)) return pathname;
  return `/merchants/${encodeURIComponent(toId)}${pathname.slice(prefix.length)}`;
}

const MAIN_ID = 'main-content';

/** The signed-in shell: header (merchant, switcher, user menu), navigation by role, and the page. */
export function AppLayout() {
  const [isNavOpen, nav] = useDisclosure(false);
  const [isShortcutsOpen, shortcuts] = useDisclosure(false);
  useKeyboardShortcutsKey(shortcuts.open);
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const { profile, isSuperAdmin } = useSignedInUser();
  const { merchantId, merchant } = useCurrentMerchant();
  const { data: inboxCounts } = useInboxCounts(merchantId);
  const { data: openFailedActions } = useOpenFailedActionCount(merchantId);
  if (!profile) return <FullPageLoader />;

  const roles = rolesInMerchant(profile, merchantId, isSuperAdmin);
  const flags = flagsInMerchant(profile, merchantId);
  const isPartner = profile.is_partner;
  const standardRoles = standardRolesInMerchant(profile, merchantId, isSuperAdmin);
  const sections = buildNavigation({
    isSuperAdmin,
    isPartner,
    roles: standardRoles,
    flags,
    merchantId,
    merchant,
  });
  const canSwitch = isSuperAdmin || profile.memberships.length > 1;
  const membershipName = profile.memberships.find((item) => item.merchant.id === merchantId)?.merchant.name;
  const merchantName = merchant?.name ?? membershipName ?? '';
  const current: MerchantSummary | null = merchantId ? { id: merchantId, name: merchantName } : null;

  const switchMerchant = (next: MerchantSummary) => {
    const target = pathForMerchant(pathname, merchantId, next.id);
    setCurrentMerchantId(next.id);
    if (target !== pathname) void navigate(target);
  };

  return (
    // Confirmations of docs/product.md §8 open through @mantine/modals (modals.openConfirmModal): signed-in pages
    // only, so the modal machinery loads with the shell, not with /login (docs/conventions.md §7).
    <ModalsProvider>
      {/* The first stop of the Tab key (issue 20): past the header and the navigation. */}
      <SkipLink targetId={MAIN_ID} />
      <AppShell
        header={{ height: 64 }}
        navbar={{ width: 248, breakpoint: 'sm', collapsed: { mobile: !isNavOpen } }}
        padding="md"
      >
        <AppShell.Header>
          <Group h="100%" px="md" justify="space-between" wrap="nowrap">
            <Group gap="sm" wrap="nowrap">
              <Burger
                opened={isNavOpen}
                onClick={nav.toggle}
                hiddenFrom="sm"
                size="sm"
                aria-label="Toggle navigation"
              />
              <Text fw={800} c={textColors.brand} size="lg">
                Paylane
              </Text>
              <Text fw={600} truncate data-testid="current-merchant-name">
                {merchantName || 'No merchant selected'}
              </Text>
            </Group>
            <Group gap="md" wrap="nowrap">
              {merchantId ? <CommandPaletteButton /> : null}
              {canSwitch ? (
                <MerchantSwitcher
                  key={`${merchantId ?? 'none'}:${merchantName}`}
                  current={current}
                  onSwitch={switchMerchant}
                />
              ) : null}
              <UserMenu
                name={formatFullName(profile)}
                role={displayRoles(roles, Boolean(merchant?.check_custom_roles))}
                onShowShortcuts={shortcuts.open}
              />
            </Group>
          </Group>
        </AppShell.Header>
        <AppShell.Navbar p="xs" aria-label="Main navigation">
          {/* The links outgrow a short window: the section scrolls instead of cutting the last ones off. */}
          <AppShell.Section grow component={ScrollArea}>
            <AppNavigation
              sections={sections}
              onNavigate={nav.close}
              counts={{
                Inbox: { count: inboxCounts?.unread ?? 0, noun: 'unread' },
                'Failed Actions': { count: openFailedActions ?? 0, noun: 'open' },
              }}
            />
          </AppShell.Section>
        </AppShell.Navbar>
        {/* tabIndex -1: the skip link gives it the focus; no ring around the whole page. */}
        <AppShell.Main id={MAIN_ID} tabIndex={-1} style={{ outline: 'none' }}>
          <Outlet />
        </AppShell.Main>
      </AppShell>
      <CommandPalette merchantId={merchantId} sections={sections} />
      <KeyboardShortcuts isOpen={isShortcutsOpen} onClose={shortcuts.close} />
    </ModalsProvider>
  );
}
