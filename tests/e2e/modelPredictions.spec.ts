import { readFileSync } from 'node:fs';
import { apiLogin, expect, loginThroughUi, test } from './fixtures.ts';
import { expectAccessible } from './axe.ts';
import { probabilityModelFromCsv } from './userflowSteps.ts';

/**
 * UserFlow end to end in Chromium against the real e2e server (scripts/e2e-server.mjs), issue 24 §1 and §4: a
 * probability model built from an uploaded CSV through the wizard is trained in the server's worker thread, its
 * held-out quality shown beside the baseline, run by hand, a segment made from its scores, and its predictions
 * downloaded as a CSV file.
 */

/** 200 rows whose `bought` follows `visits` (high visits buy, with a little noise); 40 of them are contacts. */
const ROWS = 200;
const CONTACTS = 40;
const email = (i: number) => `buyer-${i}@shop.test`;

function buyersCsv(): string {
  const lines = ['email,visits,pages,bought'];
  for (let i = 0; i < ROWS; i += 1) {
    const visits = (i * 7) % 20;
    const pages = (i * 13) % 9;
    // A known signal: 10 visits or more buys, except every 11th row, which flips (noise keeps AUC below 1).
    const bought = visits >= 10 !== (i % 11 === 0) ? 1 : 0;
    lines.push(`${email(i)},${visits},${pages},${bought}`);
  }
  return `${lines.join('\n')}\n`;
}

test.describe('model predictions', () => {
  // Training runs in a worker thread on a loaded 2-core host.
  test.describe.configure({ timeout: 240_000 });

  test('a probability model from an uploaded CSV: trained, its quality shown, run, a segment from its scores, predictions downloaded', async ({
    page,
    user,
    request,
  }) => {
    // Contacts for the first 40 rows of the file, through the API.
    const token = await apiLogin(request, user);
    for (let i = 0; i < CONTACTS; i += 1) {
      const created = await request.post('/api/contacts', {
        headers: { Authorization: `Bearer ${token}` },
        data: { email: email(i), firstName: `Buyer ${i}` },
      });
      expect(created.status()).toBe(201);
    }

    await loginThroughUi(page, user);
    await expect(page).toHaveURL(/:\d+\/$/);
    await page.goto('/userflow');
    await page.getByRole('button', { name: 'New model' }).first().click();
    await expect(page).toHaveURL(/\/userflow\/models\/\d+\/step-0$/);

    // Steps 0 and 1: name, probability, the question; the file.
    await probabilityModelFromCsv(page, {
      name: 'Buyers',
      question: 'Which contacts will buy in the next 30 days?',
      file: { name: 'buyers.csv', csv: buyersCsv(), firstEmail: email(0) },
    });
    const next = page.getByRole('button', { name: 'Next' });

    // Step 2: identity by email, 40 of 200 rows match; the target; the features.
    await page.getByRole('button', { name: 'Check the match rate' }).click();
    await expect(page.getByTestId('match-rate')).toHaveText(`20% of rows match a contact (${CONTACTS} of ${ROWS}).`);
    await page.getByRole('combobox', { name: 'Column to predict' }).click();
    await page.getByRole('option', { name: 'bought' }).click();
    await expect(page.getByLabel('Use visits')).toBeChecked();
    await expect(page.getByLabel('Use pages')).toBeChecked();
    await expect(page.getByTestId('autosave')).toHaveAttribute('data-state', 'saved');

    // Step 3: train; progress, then the held-out result beside the baseline and the importances.
    await next.click();
    await expect(page).toHaveURL(/\/step-3$/);
    // The progress shows while the worker thread trains (watched from before the click: training can be quick).
    const progressShown = page.getByTestId('training-progress').waitFor({ state: 'visible', timeout: 90_000 });
    await page.getByRole('button', { name: 'Train the model' }).click();
    await progressShown;
    const result = page.getByTestId('training-result');
    await expect(result).toBeVisible({ timeout: 90_000 });
    const quality = result.getByTestId('quality');
    await expect(quality.getByRole('columnheader', { name: 'Naive baseline' })).toBeVisible();
    const aucRow = quality.getByRole('row', { name: /^AUC/ });
    const [modelAuc = 0, baselineAuc = 1] = await aucRow
      .getByRole('cell')
      .allInnerTexts()
      .then((cells) => cells.slice(1).map(Number));
    // The signal is strong: the model beats the baseline clearly; the noise keeps an honest model below 1.
    expect(modelAuc).toBeGreaterThan(0.75);
    expect(modelAuc).toBeLessThan(1);
    expect(baselineAuc).toBe(0.5);
    expect(modelAuc).toBeGreaterThan(baselineAuc);
    await expect(result.getByText('Features that matter most')).toBeVisible();
    await expect(result.locator('.recharts-bar-rectangle').first()).toBeVisible();
    await expectAccessible(page);

    // The trained version is the server's: a reload shows the same figures.
    await page.reload();
    await expect(page).toHaveURL(/\/step-3$/);
    await expect(
      page.getByTestId('training-result').getByTestId('quality').getByRole('row', { name: /^AUC/ }),
    ).toContainText(modelAuc.toFixed(3));

    // Step 4: run by hand, into a contact attribute; finish.
    await next.click();
    await expect(page).toHaveURL(/\/step-4$/);
    await page.getByRole('radio', { name: 'Manually' }).check();
    await page.getByLabel('Contact attribute for the score').fill('buy_score');
    await page.getByRole('button', { name: 'Finish' }).click();
    await expect(page).toHaveURL(/\/userflow$/);

    // The list: the model is trained, with its quality.
    const row = page.getByRole('row', { name: /Buyers/ });
    await expect(row).toContainText(/Trained|Active/);
    await expect(row).toContainText(/AUC 0\.\d/);

    // Predictions: run it, then its figures.
    await page.goto('/userflow/predictions');
    await expect(page).toHaveTitle(/Predictions/);
    await expect(page.getByRole('combobox', { name: 'Model' })).toHaveValue('Buyers');
    // Training scored the contacts once already (its run is listed); a run by hand adds the second.
    const runs = page.getByTestId('runs');
    await expect(runs.getByRole('row')).toHaveCount(2);
    await page.getByRole('button', { name: 'Run now' }).click();
    await expect(runs.getByRole('row')).toHaveCount(3, { timeout: 60_000 });
    const run = runs.getByRole('row').nth(1);
    await expect(run).toContainText('Finished', { timeout: 60_000 });
    const cells = run.getByRole('cell');
    await expect(cells.nth(2)).toHaveText(String(ROWS));
    await expect(cells.nth(3)).toHaveText(String(CONTACTS));

    // The histogram and the top contacts, linking to their pages.
    await expect(page.getByText('Score distribution')).toBeVisible();
    await expect(page.locator('.recharts-bar-rectangle').first()).toBeVisible();
    const top = page.getByTestId('top-contacts');
    const first = top.getByRole('link').first();
    await expect(first).toHaveAttribute('href', /^\/contacts\/show\/\d+$/);
    await first.click();
    await expect(page).toHaveURL(/\/contacts\/show\/\d+$/);
    await page.goBack();
    await expect(top).toBeVisible();
    await expectAccessible(page);

    // A segment from the scores above 0.5, listed with its count.
    await page.getByRole('button', { name: /Create a segment from scores above/ }).click();
    const created = page.getByTestId('segment-created');
    await expect(created).toBeVisible();
    const segmentName = (await created.innerText()).match(/“(.+)”/)?.[1];
    expect(segmentName).toBeTruthy();

    // The CSV file of the run: a header and one row per scored contact.
    const part = run.getByRole('link', { name: `Part 1 (${CONTACTS} rows)` });
    const [download] = await Promise.all([page.waitForEvent('download'), part.click()]);
    expect(download.suggestedFilename()).toMatch(/^predictions-\d+-part-1\.csv$/);
    const lines = readFileSync((await download.path())!, 'utf8')
      .trim()
      .split(/\r?\n/);
    expect(lines[0]).toBe('contact_id,email,score');
    const scored = lines.slice(1).map((line) => line.split(','));
    expect(scored).toHaveLength(CONTACTS);
    expect(new Set(scored.map(([, address]) => address))).toEqual(
      new Set(Array.from({ length: CONTACTS }, (_, i) => email(i))),
    );
    const above = scored.filter(([, , score]) => Number(score) > 0.5).length;
    expect(above).toBeGreaterThan(0);
    expect(above).toBeLessThan(CONTACTS);

    await created.getByRole('link', { name: 'Open the segments' }).click();
    await expect(page).toHaveURL(/\/contacts\/segments$/);
    // The segments screen lists it; opened, it counts the contacts the file scores above 0.5.
    const listed = page.getByRole('checkbox', { name: `Select ${segmentName}` });
    await expect(listed).toBeVisible();
    await listed.check();
    await expect(page.getByTestId('segment-count')).toHaveText(`${above} matching contact${above === 1 ? '' : 's'}`, {
      timeout: 20_000,
    });
  });
});
