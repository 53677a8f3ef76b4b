import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { apiLogin, expect, loginThroughUi, test } from './fixtures.ts';

/**
 * The website tracker end to end in Chromium: the Tracker page's empty state creates the site and its allowed domain
 * is set there; a test page on another loopback origin (its own HTTP server) pastes the snippet the page shows, which
 * loads /t.js from the e2e server and sends a page view, a custom event and identify() of an existing contact (CORS
 * preflight and all); the Tracker page lists them live, and the contact's timeline shows the visit and the event.
 */

/** Serves one HTML page holding `snippet` on 127.0.0.1 (another origin than the e2e server on localhost). */
async function sitePage(snippet: () => string): Promise<{ url: string; server: Server }> {
  const server = createServer((req, res) => {
    if (req.url?.startsWith('/shop')) {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      res.end(
        `<!doctype html><html lang="en"><head><title>Shop</title>${snippet()}</head><body><h1>Shop</h1></body></html>`,
      );
      return;
    }
    res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/shop`, server };
}

test('a website page sends a page view, an event and identify; seen live and on the contact timeline', async ({
  page,
  context,
  request,
  user,
}) => {
  test.setTimeout(120_000);
  const token = await apiLogin(request, user);
  const email = `visitor-${Date.now().toString(36)}@example.org`;
  const contact = await request.post('/api/contacts', {
    headers: { Authorization: `Bearer ${token}` },
    data: { email, firstName: 'Vera' },
  });
  expect(contact.status()).toBe(201);
  const contactId = ((await contact.json()) as { id: number }).id;

  await loginThroughUi(page, user);
  await expect(page.getByTestId('greeting')).toBeVisible();
  await page.goto('/userflow/tracker');
  await expect(page.getByText('Install the tracker on your website')).toBeVisible();
  await page.getByRole('button', { name: 'Create the site' }).click();

  // Settings: the test page's host is the allowed domain; no consent step for this test page.
  const domains = page.getByRole('combobox', { name: 'Allowed domains' });
  await domains.fill('127.0.0.1');
  await domains.press('Enter');
  await page.getByText('Record at once').click();
  await page.getByRole('button', { name: 'Save settings' }).click();
  await expect(page.getByTestId('tracker-snippet')).not.toContainText('data-consent');
  const snippet = (await page.getByTestId('tracker-snippet').textContent())!;
  expect(snippet).toContain('/t.js');
  await expect(page.getByText('No events yet.')).toBeVisible();

  const site = await sitePage(() => snippet);
  try {
    const visitor = await context.newPage();
    // A person's browser (Playwright's own user agent says HeadlessChrome, which the bot filter drops).
    await visitor.route('**/api/public/track/**', (route) =>
      route.continue({
        headers: {
          ...route.request().headers(),
          'user-agent':
            'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36',
        },
      }),
    );
    const tracked = visitor.waitForResponse(
      (r) => r.url().includes('/api/public/track/') && r.request().method() === 'POST',
    );
    await visitor.goto(site.url);
    expect((await tracked).status()).toBe(204);

    // The Tracker page shows the page view live.
    const live = page.getByTestId('tracker-live');
    await expect(live.locator('tr[data-type="page_view"]')).toHaveCount(1);
    await expect(live).toContainText('/shop');

    await visitor.evaluate((address) => {
      const w = window as unknown as { missiva: (...args: unknown[]) => void };
      w.missiva('identify', address);
      w.missiva('event', 'signed_up', { plan: 'pro' });
    }, email);
    await expect(live.locator('tr[data-type="event"]')).toContainText('signed_up');
    await expect(live.locator('tr[data-type="identify"]')).toHaveCount(1);
    await expect(
      live.locator('tr[data-type="event"]').getByRole('link', { name: `Contact #${contactId}` }),
    ).toBeVisible();
    await visitor.close();
  } finally {
    site.server.close();
  }

  // The chart counts today's events; the contact's timeline shows the visit and the event.
  await expect(page.getByTestId('tracker-chart')).toBeVisible();
  await page.goto(`/contacts/show/${contactId}`);
  const timeline = page.getByTestId('contact-timeline');
  await expect(timeline).toContainText('Website visit: 1 page');
  await expect(timeline).toContainText('/shop');
  await expect(timeline).toContainText('Website event: signed_up');
});
