import { expect, test, type Page } from '@playwright/test';
import { findBlockingViolations, inGroups, timeoutForPages, violationsOn } from '../src/axe';
import { demoUsers, texts } from '../src/demo';
import { conversationList } from '../src/inbox';
import { signIn } from '../src/session';
import { chooseOption, demoMerchantId } from '../src/team';

// Issue 20 item 8, done when: axe is clean on every screen touched, in light and dark mode. The browser says
// its system prefers dark; the app follows it (no setting to find) and every screen passes axe in that scheme.
test.use({ colorScheme: 'dark' });

const isDark = (page: Page) =>
  page.evaluate(() => document.documentElement.getAttribute('data-mantine-color-scheme'));

test('sign-in follows the system into dark mode and passes axe', async ({ page }) => {
  await page.goto('/login');
  await expect(page.getByRole('heading', { name: texts.loginHeading })).toBeVisible();
  expect(await isDark(page)).toBe('dark');
  expect(await findBlockingViolations(page)).toEqual([]);
});

const screens: [string, (id: string) => string, RegExp][] = [
  ['home', () => '/', /^Home$/],
  ['customers', (id) => `/merchants/${id}/customers`, /^Customers$/],
  ['customer groups', (id) => `/merchants/${id}/customer-groups`, /Customer Groups/],
  ['message templates', (id) => `/merchants/${id}/message-templates`, /Message Templates|Templates/],
  ['message report', () => '/message-report', /Message Report/],
  ['payment report', () => '/payment-report', /Payment Report/],
  ['promises', () => '/promises', /^Promises$/],
  ['settings', (id) => `/merchants/${id}/settings/general`, /Settings/],
];

test.describe('the workstation screens pass axe in dark mode', () => {
  for (const group of inGroups(screens)) {
    test(group.map(([name]) => name).join(', '), async ({ page }) => {
      test.setTimeout(timeoutForPages(group.length));
      await signIn(page, demoUsers.admin);
      const id = await demoMerchantId(page);
      const violations = [];
      for (const [, pathOf, heading] of group)
        violations.push(...(await violationsOn(page, pathOf(id), heading)));
      expect(await isDark(page)).toBe('dark');
      expect(violations).toEqual([]);
    });
  }

  test('the inbox with a chat and its customer, and a customer page with its timeline', async ({ page }) => {
    test.setTimeout(timeoutForPages(3));
    await page.setViewportSize({ width: 1440, height: 900 });
    await signIn(page, demoUsers.admin);
    const id = await demoMerchantId(page);
    await page.goto(`/merchants/${id}/inbox`);
    await page.getByRole('radiogroup', { name: 'Conversations to show' }).getByText('All').click();
    await conversationList(page).getByRole('button').first().click();
    await expect(page.getByRole('complementary', { name: 'Customer details' })).toBeVisible();
    await expect(page.getByRole('log', { name: 'Messages' }).getByRole('article').first()).toBeVisible();
    expect(await findBlockingViolations(page)).toEqual([]);

    await page.getByRole('complementary', { name: 'Customer details' }).getByRole('link').first().click();
    await expect(page.getByRole('navigation', { name: 'Customer sections' })).toBeVisible();
    await page
      .getByRole('navigation', { name: 'Customer sections' })
      .getByRole('link', { name: 'Timeline' })
      .click();
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await page.waitForLoadState('networkidle');
    expect(await findBlockingViolations(page)).toEqual([]);
  });

  test('a mass text’s review, with the characters that double its cost', async ({ page }) => {
    await signIn(page, demoUsers.admin);
    const id = await demoMerchantId(page);
    await page.goto(`/merchants/${id}/inbox`);
    await page.getByRole('button', { name: 'Group Message' }).click();
    const dialog = page.getByRole('dialog', { name: 'New Mass Text Message' });
    await dialog.getByRole('radio', { name: 'Group' }).check();
    await chooseOption(
      page,
      dialog.getByRole('combobox', { name: 'Group' }),
      'First Ten Customers (10 customers)',
    );
    await dialog.getByRole('textbox', { name: /^Message/ }).fill('Hi {{first_name}} – we’re open Saturday');
    await dialog.getByRole('textbox', { name: /^Batch Name/ }).fill('Dark review');
    await dialog.getByRole('button', { name: 'Review' }).click();
    await expect(dialog.getByRole('region', { name: 'Characters that double the cost' })).toBeVisible();
    expect(await isDark(page)).toBe('dark');
    expect(await findBlockingViolations(page)).toEqual([]);
  });
});
