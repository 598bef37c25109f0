import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';

/**
 * axe's violations on a page that shows rendered mail in sandboxed iframes: axe cannot run inside
 * them (no script may, by design) and would wait for them forever. What they hold is the sender's
 * mail, not the console; the rest of the page is checked as helpers.ts's axeViolations does.
 */
export async function axeOutsidePreviews(page: Page) {
  const results = await new AxeBuilder({ page })
    .exclude('iframe[sandbox]')
    .options({ rules: { 'label-content-name-mismatch': { enabled: true } } })
    .analyze();
  return results.violations.map((violation) => ({
    rule: violation.id,
    nodes: violation.nodes.map((node) => node.target.join(' ')),
  }));
}
