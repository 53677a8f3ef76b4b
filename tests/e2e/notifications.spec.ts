import type { Page } from '@playwright/test';
import { apiLogin, expect, loginThroughUi, test, type TestUser } from './fixtures.ts';

// The browser's zone is stored with the schedule; a fixed one keeps the runs predictable.
test.use({ timezoneId: 'Europe/Rome' });

interface Labels {
  title: string;
  digest: string;
  period: string;
  day: string;
  hours: string;
  minutes: string;
  save: string;
  saved: string;
  savedRuns: string;
}

const EN: Labels = {
  title: 'Notifications - Missiva',
  digest: 'Email me the activity digest',
  period: 'Period',
  day: 'Day',
  hours: 'Hours',
  minutes: 'Minutes',
  save: 'Save',
  saved: 'Your notification settings have been saved.',
  savedRuns: 'Next digests (saved schedule)',
};

const IT: Labels = {
  title: 'Notifiche - Missiva',
  digest: 'Inviami via email il riepilogo attività',
  period: 'Periodo',
  day: 'giorno',
  hours: 'Ore',
  minutes: 'Minuti',
  save: 'Salva',
  saved: 'Le impostazioni di notifica sono state salvate.',
  savedRuns: 'Prossimi riepiloghi (programmazione salvata)',
};

/** Opens a select by its label and picks an option, as a user does. */
async function pick(page: Page, label: string, option: string) {
  await page.getByRole('combobox', { name: label, exact: true }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

/** Empties a multi-select with Backspace (one pill per press), then picks one value. */
async function pickOnly(page: Page, label: string, option: string) {
  const input = page.getByRole('combobox', { name: label, exact: true });
  await input.click();
  for (let i = 0; i < 3; i += 1) await input.press('Backspace');
  await page.getByRole('option', { name: option, exact: true }).click();
  await input.press('Escape');
}

async function scheduleDailyDigest(page: Page, l: Labels) {
  await expect(page).toHaveTitle(l.title);
  const save = page.getByRole('button', { name: l.save });
  await page.getByRole('switch', { name: l.digest }).click();
  // A new user's settings are stored in UTC: saving moves them to the browser's zone.
  await expect(page.getByTestId('digest-time-zone')).toContainText('Europe/Rome');
  await pick(page, l.period, l.day);
  // The stored default is Mondays at 08:00: replace the hours and minutes with 08 and 30.
  await pickOnly(page, l.hours, '08');
  await pickOnly(page, l.minutes, '30');
  await expect(page.getByTestId('digest-schedule')).toHaveAttribute('data-pattern', '30 8 * * *');
  await expect(save).toBeEnabled();
  await save.click();
  await expect(page.getByTestId('notifications-status')).toHaveText(l.saved);
  await expect(save).toBeDisabled();
}

async function expectSavedSchedule(page: Page, l: Labels) {
  await expect(page).toHaveTitle(l.title);
  await expect(page.getByRole('switch', { name: l.digest })).toBeChecked();
  await expect(page.getByRole('combobox', { name: l.period, exact: true })).toHaveValue(l.day);
  const schedule = page.getByTestId('digest-schedule');
  await expect(schedule.locator('[data-field="hour"]').locator('..').locator('..')).toContainText('08');
  await expect(schedule.locator('[data-field="minute"]').locator('..').locator('..')).toContainText('30');
  const runs = page.getByRole('list', { name: l.savedRuns }).getByRole('listitem');
  await expect(runs).toHaveCount(5);
  for (const run of await runs.all()) await expect(run).toContainText('8:30');
}

async function expectStoredPattern(page: Page, user: TestUser) {
  const token = await apiLogin(page.request, user);
  const response = await page.request.get('/api/account/notifications', {
    headers: { Authorization: `Bearer ${token}` },
  });
  expect(response.status()).toBe(200);
  const { digest } = (await response.json()) as {
    digest: { enabled: boolean; pattern: string; period: string; timeZone: string; nextRuns: string[] };
  };
  expect(digest).toMatchObject({ enabled: true, pattern: '30 8 * * *', period: 'day', timeZone: 'Europe/Rome' });
  expect(digest.nextRuns).toHaveLength(5);
}

test.describe('account notifications', () => {
  test('schedules a daily digest at 08:30 in English and finds it after a reload', async ({ page, user }) => {
    await loginThroughUi(page, user);
    await expect(page.getByTestId('greeting')).toBeVisible();
    await page.goto('/account/notifications');
    await expect(page.getByRole('switch', { name: 'Imports: In the app' })).toBeChecked();
    await expect(page.getByRole('switch', { name: 'Sends: By email' })).not.toBeChecked();
    await scheduleDailyDigest(page, EN);
    await page.reload();
    await expectSavedSchedule(page, EN);
    await expect(page.getByTestId('schedule-description')).toContainText('08:30');
    await expectStoredPattern(page, user);
  });

  test('schedules the same digest in Italian', async ({ page, user }) => {
    await loginThroughUi(page, user);
    await expect(page.getByTestId('greeting')).toBeVisible();
    await page.getByRole('button', { name: 'Italiano' }).click();
    await expect(page.getByTestId('greeting')).toHaveText('Ciao, Ada');
    await page.goto('/account/notifications');
    await expect(page.getByRole('heading', { name: 'Notifiche', level: 1 })).toBeVisible();
    await expect(page.getByRole('switch', { name: "Importazioni: Nell'app" })).toBeChecked();
    await expect(page.getByText('Non è ancora stato inviato nessun riepilogo.')).toBeVisible();
    await scheduleDailyDigest(page, IT);
    await page.reload();
    await expectSavedSchedule(page, IT);
    await expect(page.getByText('Gli orari sono nel tuo fuso orario, Europe/Rome.')).toBeVisible();
    await expectStoredPattern(page, user);
  });
});
