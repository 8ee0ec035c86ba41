// axe-core on a page as the user sees it: serious and critical violations fail a journey.
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';

export async function findBlockingViolations(page: Page) {
  await waitForAnimations(page);
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => ({
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
