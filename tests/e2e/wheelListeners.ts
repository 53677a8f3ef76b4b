import type { Page } from '@playwright/test';

/**
 * Wheel listeners anywhere in the page that are not passive, as "<element>.<classes>" (or "window"/"document").
 * One is enough for Chromium to send every wheel event to the page's main thread and wait for it before scrolling,
 * so a long table scrolls only as fast as the page lays itself out. Used by the contacts e2e and the scroll benchmark.
 */
export async function blockingWheelListeners(page: Page): Promise<string[]> {
  const cdp = await page.context().newCDPSession(page);
  const found: string[] = [];
  for (const expression of ['window', 'document']) {
    const { result } = await cdp.send('Runtime.evaluate', { expression });
    const { listeners } = await cdp.send('DOMDebugger.getEventListeners', {
      objectId: result.objectId!,
      depth: -1,
      pierce: true,
    });
    for (const l of listeners) {
      if ((l.type !== 'wheel' && l.type !== 'mousewheel') || l.passive) continue;
      const node = l.backendNodeId
        ? (await cdp.send('DOM.describeNode', { backendNodeId: l.backendNodeId })).node
        : undefined;
      const attributes = node?.attributes ?? [];
      const classes = attributes[attributes.indexOf('class') + 1] ?? '';
      found.push(node ? `${node.nodeName}.${attributes.includes('class') ? classes : ''}` : expression);
    }
  }
  await cdp.detach();
  return found;
}
