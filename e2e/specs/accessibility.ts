import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/** axe's WCAG 2.1 A/AA checks on the page (or one part of it): no serious or critical violation. */
export async function expectNoSeriousViolations(
  page: Page,
  screen: string,
  options: { include?: string } = {},
) {
  // Colours are measured mid-transition otherwise; spinners (infinite) keep running.
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every(
        (animation) =>
          animation.effect?.getTiming().iterations === Number.POSITIVE_INFINITY ||
          animation.playState !== 'running',
      ),
  );
  // A sandboxed frame (the invoice preview: Typst's SVG pages in `srcdoc`, `sandbox=""`) runs no script,
  // axe's included: its analysis waited there until the test timed out. What the frame shows is the PDF's
  // page; the dialog around it is checked.
  let builder = new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .exclude('iframe[sandbox]');
  if (options.include) builder = builder.include(options.include);
  const results = await builder.analyze();
  const serious = results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map(
      (violation) =>
        `${violation.id}: ${violation.nodes.map((node) => `${node.html} — ${node.failureSummary}`).join('; ')}`,
    );
  expect(serious, `serious accessibility violations on ${screen}`).toEqual([]);
}
