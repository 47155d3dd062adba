import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';

/** The WCAG 2.1 A and AA rules every screen is held to (issue 7, item 9). */
const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

/**
 * The serious and critical axe-core violations on the page as it is now, one line each
 * ("where: rule (impact): help -- element why, element why"); [] when there are none.
 */
export async function seriousViolations(page: Page, where = ''): Promise<string[]> {
  const results = await new AxeBuilder({ page }).withTags(TAGS).analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map(
      (v) =>
        `${where ? `${where}: ` : ''}${v.id} (${v.impact}): ${v.help} -- ${v.nodes.map((n) => `${n.target.join(' ')} ${n.failureSummary ?? ''}`.trim()).join(', ')}`,
    );
}
