import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/** The rules every page is held to: WCAG 2.1 level AA. */
export const WCAG_21_AA = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

/**
 * axe over the page as it stands, failing with each violated rule and the nodes it found. Legacy mode: the default
 * mode injects axe into every frame and hangs on the sandboxed preview frames (email and unsubscribe previews run no
 * script, by design); legacy mode checks the page and skips the frames it cannot enter.
 */
export async function expectAccessible(page: Page) {
  const { violations } = await new AxeBuilder({ page }).withTags(WCAG_21_AA).setLegacyMode(true).analyze();
  expect(violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}
