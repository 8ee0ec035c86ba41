// axe-core on a page as the user sees it: every violation, whatever its impact, fails a journey.
import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/** Pages checked by one test: a sign-in is shared by a few pages, and the groups spread over the workers. */
export const PAGES_PER_TEST = 4;

/** A bound on a hung test of `pages` checks (each a page load and an axe run), wide enough for a loaded machine. */
export const timeoutForPages = (pages: number) => 120_000 + pages * 30_000;

export function inGroups<T>(items: readonly T[], size = PAGES_PER_TEST): T[][] {
  const groups: T[][] = [];
  for (let start = 0; start < items.length; start += size) groups.push(items.slice(start, start + size));
  return groups;
}

/** Opens `path`, waits for its heading and its data, and returns what axe finds there. */
export async function violationsOn(page: Page, path: string, ready: RegExp) {
  await page.goto(path);
  await expect(page.getByRole('heading', { name: ready }).first()).toBeVisible();
  await page.waitForLoadState('networkidle');
  return findBlockingViolations(page);
}

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
    targets: violation.nodes.flatMap(targetsOf),
  }));
}

type NodeResult = Awaited<ReturnType<AxeBuilder['analyze']>>['violations'][number]['nodes'][number];

/**
 * A node's selector, and those of the nodes its check names: 'region' fails on the page root and lists the
 * content it found outside every landmark only as related nodes.
 */
function targetsOf(node: NodeResult): string[] {
  const related = [...node.any, ...node.all, ...node.none].flatMap((check) => check.relatedNodes ?? []);
  return [node.target.join(' '), ...related.map((relatedNode) => relatedNode.target.join(' '))];
}

/**
 * What axe finds inside one frame of the page (`frameSelector` names its <iframe>), such as a processor's
 * hosted entry. Fails when axe reached nothing inside the frame (a frame whose script policy kept axe out
 * would otherwise pass silently). findBlockingViolations on the page also covers the frame, in its context.
 */
export async function findBlockingViolationsInFrame(page: Page, frameSelector: string) {
  await waitForAnimations(page);
  const results = await new AxeBuilder({ page }).include(frameSelector).analyze();
  const checkedInside = [...results.passes, ...results.violations].some((rule) =>
    rule.nodes.some((node) => node.target.length > 1),
  );
  expect(checkedInside, `axe checked nothing inside ${frameSelector}`).toBe(true);
  return results.violations.map((violation) => ({
    url: `${new URL(page.url()).pathname} ${frameSelector}`,
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
