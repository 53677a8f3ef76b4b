import type { APIRequestContext } from '@playwright/test';
import { apiLogin, expect, loginThroughUi, test } from './fixtures.ts';
import { expectAccessible } from './axe.ts';
import { probabilityModelFromCsv } from './userflowSteps.ts';

/**
 * A probability model whose outcome is a website event (issue 24 item 1, step-2), in Chromium against the real e2e
 * server: contacts through the API, a tracker site whose public ingest records that a known subset of them did
 * «purchase»; the wizard uploads a CSV of their visits, defines the outcome by that event (offered from the names the
 * site recorded), keeps it across a reload, trains in the server's worker and shows the held-out AUC; the model lists
 * as trained.
 */

const CONTACTS = 80;
const email = (i: number) => `visitor-${i}@shop.test`;
const visitsOf = (i: number) => (i * 7) % 20;
/** The known signal: 10 visits or more buy, except every 9th contact, which flips (noise keeps AUC below 1). */
const buys = (i: number) => visitsOf(i) >= 10 !== (i % 9 === 0);
const BUYERS = Array.from({ length: CONTACTS }, (_, i) => i).filter(buys).length;
const ORIGIN = 'https://shop.example.org';
/** A person's browser: the bot filter drops Playwright's own HeadlessChrome. */
const BROWSER = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36';

function visitsCsv(): string {
  const lines = ['email,visits,pages'];
  for (let i = 0; i < CONTACTS; i += 1) lines.push(`${email(i)},${visitsOf(i)},${(i * 13) % 9}`);
  return `${lines.join('\n')}\n`;
}

/** The contacts, the site and what each visitor did, through the API and the tracker's public ingest. */
async function seed(request: APIRequestContext, token: string) {
  const headers = { Authorization: `Bearer ${token}` };
  for (let i = 0; i < CONTACTS; i += 1) {
    const created = await request.post('/api/contacts', { headers, data: { email: email(i) } });
    expect(created.status()).toBe(201);
  }
  const site = await request.post('/api/userflow/tracker/sites', {
    headers,
    data: { name: 'Shop', allowedDomains: ['shop.example.org'] },
  });
  expect(site.status()).toBe(201);
  const { id, siteKey } = (await site.json()) as { id: number; siteKey: string };
  expect(
    (await request.patch(`/api/userflow/tracker/sites/${id}`, { headers, data: { consentMode: 'none' } })).ok(),
  ).toBe(true);
  for (let i = 0; i < CONTACTS; i += 1) {
    const tracked = await request.post(`/api/public/track/${siteKey}`, {
      headers: { origin: ORIGIN, 'user-agent': BROWSER },
      data: {
        visitorId: `visitor-${i}`,
        events: [
          { type: 'identify', email: email(i) },
          { type: 'event', name: 'add_to_cart' },
          ...(buys(i) ? [{ type: 'event', name: 'purchase' }] : []),
        ],
      },
    });
    expect(tracked.status()).toBe(204);
  }
  // The ingest stores in batches: wait until the site reports every «purchase».
  await expect
    .poll(
      async () => {
        const names = await request.get(`/api/userflow/tracker/sites/${id}/event-names`, { headers });
        return ((await names.json()) as Array<{ name: string; count: number }>).find((n) => n.name === 'purchase')
          ?.count;
      },
      { timeout: 20_000 },
    )
    .toBe(BUYERS);
}

test.describe('model with an event target', () => {
  test.describe.configure({ timeout: 120_000 });

  test('the outcome is «purchase» on the shop within 30 days: chosen in step 2, kept on reload, trained with an AUC', async ({
    page,
    user,
    request,
  }) => {
    await seed(request, await apiLogin(request, user));

    await loginThroughUi(page, user);
    await expect(page).toHaveURL(/:\d+\/$/);
    await page.goto('/userflow');
    await page.getByRole('button', { name: 'New model' }).first().click();
    await expect(page).toHaveURL(/\/userflow\/models\/\d+\/step-0$/);

    await probabilityModelFromCsv(page, {
      name: 'Shop buyers',
      question: 'Which contacts will buy on the shop within 30 days?',
      file: { name: 'visits.csv', csv: visitsCsv(), firstEmail: email(0) },
    });
    const next = page.getByRole('button', { name: 'Next' });

    // The outcome: a website event, by keyboard. The column form is the default.
    await expect(page.getByRole('radio', { name: 'A column of the source' })).toBeChecked();
    await expect(page.getByRole('combobox', { name: 'Column to predict' })).toBeVisible();
    await page.getByRole('radio', { name: 'A column of the source' }).focus();
    await page.keyboard.press('ArrowRight');
    await expect(page.getByRole('radio', { name: 'A website event' })).toBeChecked();
    await expect(page.getByRole('button', { name: 'Next' })).toBeDisabled();
    const site = page.getByRole('combobox', { name: 'Tracker site' });
    await site.click();
    await page.getByRole('option', { name: 'Shop' }).click();
    await expect(page.getByRole('radio', { name: 'A custom event' })).toBeChecked();
    // The names the site recorded are offered, most frequent first; one is picked.
    const eventName = page.getByRole('combobox', { name: 'Event name' });
    await eventName.click();
    await expect(page.getByRole('option')).toHaveText(['add_to_cart', 'purchase']);
    await eventName.fill('purch');
    await page.getByRole('option', { name: 'purchase' }).click();
    await expect(eventName).toHaveValue('purchase');
    await expect(page.getByRole('textbox', { name: 'Within how many days' })).toHaveValue('30');
    await expect(page.getByTestId('target-sentence')).toHaveText(
      'The model learns: contacts who did «purchase» on Shop within 30 days.',
    );
    await expect(page.getByLabel('Use visits')).toBeChecked();
    await expect(page.getByLabel('Use pages')).toBeChecked();
    await expect(page.getByTestId('autosave')).toHaveAttribute('data-state', 'saved');
    await expectAccessible(page);

    // The server holds the event target: a reload reads it back on step 2.
    await page.reload();
    await expect(page).toHaveURL(/\/step-2$/);
    await expect(page.getByRole('radio', { name: 'A website event' })).toBeChecked();
    await expect(page.getByRole('combobox', { name: 'Event name' })).toHaveValue('purchase');
    await expect(page.getByTestId('target-sentence')).toHaveText(
      'The model learns: contacts who did «purchase» on Shop within 30 days.',
    );

    await next.click();
    await expect(page).toHaveURL(/\/step-3$/);
    await page.getByRole('button', { name: 'Train the model' }).click();
    const result = page.getByTestId('training-result');
    await expect(result).toBeVisible({ timeout: 60_000 });
    const [modelAuc = 0, baselineAuc = 1] = await result
      .getByTestId('quality')
      .getByRole('row', { name: /^AUC/ })
      .getByRole('cell')
      .allInnerTexts()
      .then((cells) => cells.slice(1).map(Number));
    expect(modelAuc).toBeGreaterThan(0.7);
    expect(modelAuc).toBeGreaterThan(baselineAuc);

    await next.click();
    await expect(page).toHaveURL(/\/step-4$/);
    await page.getByRole('button', { name: 'Finish' }).click();
    await expect(page).toHaveURL(/\/userflow$/);
    const row = page.getByRole('row', { name: /Shop buyers/ });
    await expect(row).toContainText('Trained');
    await expect(row).toContainText(/AUC 0\.\d/);
  });
});
