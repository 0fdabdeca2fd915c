import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';

const AXE_SOURCE = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');

interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: Array<{ target: string[] }>;
}

/**
 * axe-core's findings on the page as it is now, one readable line each
 * (docs/limits-and-budgets.md#speed-and-size-budgets: none on any screen).
 */
export async function violationsOn(page: Page): Promise<string[]> {
  await page.waitForLoadState('networkidle');
  // Animations (dialogs fading in) settle first: axe judges colours as drawn.
  await page.waitForTimeout(400);
  // Evaluated through the DevTools protocol, which the page's
  // Content-Security-Policy does not govern (a <script> tag would be refused).
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE_SOURCE);
  const violations = await page.evaluate(
    async () =>
      (
        await (
          window as unknown as { axe: { run(): Promise<{ violations: AxeViolation[] }> } }
        ).axe.run()
      ).violations,
  );
  return violations.map(
    (v) =>
      `${v.id} (${v.impact}): ${v.help} → ${v.nodes
        .slice(0, 3)
        .map((node) => node.target.join(' '))
        .join(' | ')}`,
  );
}
