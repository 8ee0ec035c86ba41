import { expect, test, type Page } from '@playwright/test';
import { demoUsers, texts } from '../src/demo';
import { expectLoginPage, expectShell, signIn } from '../src/session';

// docs/product.md §4/§9: a warning after 840 s without activity, a 60 s countdown, logout at 900 s.
const WARNING_MS = 840_000;
const COUNTDOWN_MS = 60_000;
const admin = demoUsers.admin;

function idleModal(page: Page) {
  return page.getByRole('dialog', { name: texts.idleTitle });
}

test.beforeEach(async ({ page }) => {
  // Before any navigation, so the app's timers and Date run on the test's clock.
  await page.clock.install();
  await signIn(page, admin);
});

test('an idle session is warned at 14 minutes and signed out at 15', async ({ page }) => {
  // Signing in took a few real seconds on the same clock, so stop well short of 840 s before checking.
  await page.clock.runFor(WARNING_MS - 30_000);
  await expect(idleModal(page)).toHaveCount(0);

  await page.clock.runFor(30_000);
  await expect(idleModal(page)).toBeVisible();
  await expect(idleModal(page)).toContainText('logged out in');

  await page.clock.runFor(COUNTDOWN_MS);
  await expectLoginPage(page);
});

test("I'm Still Here keeps the session", async ({ page }) => {
  await page.clock.runFor(WARNING_MS);
  await expect(idleModal(page)).toBeVisible();

  await page.getByRole('button', { name: "I'm Still Here" }).click();
  await expect(idleModal(page)).toHaveCount(0);

  // Past the moment the countdown would have signed out.
  await page.clock.runFor(COUNTDOWN_MS + 5_000);
  await expect(idleModal(page)).toHaveCount(0);
  await expectShell(page, admin);
});
