// One icon per navigation link (issue 20 item 5), by the link's label. Each icon is imported from its own module,
// not the package's index: the index re-exports some 5,000 icons, which tests and the dev server would load whole.
import type { TablerIcon } from '@tabler/icons-react';
import IconAlertTriangle from '@tabler/icons-react/icons/IconAlertTriangle';
import IconArrowsExchange from '@tabler/icons-react/icons/IconArrowsExchange';
import IconArrowsJoin from '@tabler/icons-react/icons/IconArrowsJoin';
import IconBuildingStore from '@tabler/icons-react/icons/IconBuildingStore';
import IconCalendarDollar from '@tabler/icons-react/icons/IconCalendarDollar';
import IconCash from '@tabler/icons-react/icons/IconCash';
import IconCreditCardRefund from '@tabler/icons-react/icons/IconCreditCardRefund';
import IconGitMerge from '@tabler/icons-react/icons/IconGitMerge';
import IconHome from '@tabler/icons-react/icons/IconHome';
import IconInbox from '@tabler/icons-react/icons/IconInbox';
import IconMapPin from '@tabler/icons-react/icons/IconMapPin';
import IconMessageReport from '@tabler/icons-react/icons/IconMessageReport';
import IconRepeat from '@tabler/icons-react/icons/IconRepeat';
import IconRepeatOff from '@tabler/icons-react/icons/IconRepeatOff';
import IconReportMoney from '@tabler/icons-react/icons/IconReportMoney';
import IconSettings from '@tabler/icons-react/icons/IconSettings';
import IconTemplate from '@tabler/icons-react/icons/IconTemplate';
import IconUserShield from '@tabler/icons-react/icons/IconUserShield';
import IconUsers from '@tabler/icons-react/icons/IconUsers';
import IconUsersGroup from '@tabler/icons-react/icons/IconUsersGroup';

/** Every label navigation.ts can show has one; a test checks none is missing. */
export const NAV_ICONS: Readonly<Record<string, TablerIcon>> = {
  Home: IconHome,
  Inbox: IconInbox,
  Customers: IconUsers,
  'Customer Groups': IconUsersGroup,
  'Misc Payments': IconCash,
  'Message Templates': IconTemplate,
  'Message Report': IconMessageReport,
  'Payment Report': IconReportMoney,
  Promises: IconCalendarDollar,
  'Autopay Summary': IconRepeat,
  'Autopay Failures': IconRepeatOff,
  'ACH Returns': IconCreditCardRefund,
  'Failed Actions': IconAlertTriangle,
  'Merge Customers': IconGitMerge,
  'Merge Accounts': IconArrowsJoin,
  'Move Payment': IconArrowsExchange,
  Locations: IconMapPin,
  Owners: IconUserShield,
  Settings: IconSettings,
  Merchants: IconBuildingStore,
};

export const NAV_ICON_SIZE = 18;
