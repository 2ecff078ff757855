import fs from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';

const axeSource = fs.readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

interface AxeResult {
  violations: { id: string; impact: string | null; help: string; nodes: { target: string[] }[] }[];
}

/**
 * The serious and critical accessibility violations axe-core finds on the page as it is now
 * (WCAG 2.1 A and AA rules, and axe's best practices), one line each.
 * Evaluated through the DevTools protocol, so the pages' Content-Security-Policy does not block it.
 */
export async function seriousViolations(page: Page): Promise<string[]> {
  await page.evaluate(axeSource);
  // Colours and opacity mid-transition (a button just enabled fades in) are not what people
  // read: running transitions finish first; endless ones (a spinner's) are left. Strings, not
  // functions: this package is type-checked without the DOM's types.
  await page.evaluate(
    'Promise.all(document.getAnimations().filter((a) => a.effect?.getTiming().iterations !== Infinity).map((a) => a.finished))',
  );
  const result = await page.evaluate<AxeResult>("axe.run(document, { resultTypes: ['violations'] })");
  return result.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map(
      (violation) =>
        `${violation.id} (${violation.impact}): ${violation.help} at ${violation.nodes
          .slice(0, 3)
          .map((node) => node.target.join(' '))
          .join(', ')}`,
    );
}
