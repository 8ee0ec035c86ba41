import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import { findBlockingViolations } from '../src/axe';
import { demoUsers, texts } from '../src/demo';
import { signIn } from '../src/session';
import { mainNavigation } from '../src/team';

test('the login page has no accessibility violations', async ({ page }) => {
  await page.goto('/login');
  await expect(page.getByRole('heading', { name: texts.loginHeading })).toBeVisible();
  expect(await findBlockingViolations(page)).toEqual([]);
});

// The loading bar sits above every landmark while a page loads. Held there (the page's code delayed), axe's
// 'region' rule must still pass: the bar is inside a live region, which announces it and which axe accepts.
test('a page still loading shows its loading bar inside a live region', async ({ page }) => {
  await signIn(page, demoUsers.admin);
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(/\/assets\/promises-page-[^/]+\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  await mainNavigation(page).getByRole('link', { name: 'Promises', exact: true }).click();
  await expect(page.getByRole('progressbar', { name: 'Loading page' })).toBeVisible();
  // Not findBlockingViolations: it waits for animations to finish, and the bar's stripes never do.
  const results = await new AxeBuilder({ page }).withRules(['region']).analyze();
  release();
  expect(results.violations.map((violation) => violation.id)).toEqual([]);
  await expect(page.getByRole('heading', { level: 1, name: 'Promises' })).toBeVisible();
});
