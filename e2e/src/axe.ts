// axe-core on a page as the user sees it: every violation, whatever its impact, fails a journey.
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';

export async function findBlockingViolations(page: Page) {
  await waitForAnimations(page);
  let builder = new AxeBuilder({ page });
  // Mantine renders a modal's title bar as <header> inside <section role="dialog">. axe counts that as a
  // second banner landmark beside the app's own; the dialog is aria-modal, so a screen reader is confined to
  // it and never meets two banners. Only these two landmark rules are set aside, and only while a dialog is open.
  if (await page.getByRole('dialog').count()) {
    builder = builder.disableRules(['landmark-no-duplicate-banner', 'landmark-unique']);
  }
  const results = await builder.analyze();
  return results.violations.map((violation) => ({
    url: new URL(page.url()).pathname,
    rule: violation.id,
    impact: violation.impact,
    help: violation.help,
    targets: violation.nodes.map((node) => node.target.join(' ')),
  }));
}

/** A modal fading in is half transparent: axe would measure blended colours and report false contrast failures. */
async function waitForAnimations(page: Page) {
  await page.evaluate(() =>
    Promise.all(document.getAnimations().map((animation) => animation.finished.catch(() => undefined))),
  );
}
