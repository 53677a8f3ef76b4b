import { expect, test } from '@playwright/test';
import { createUser } from './fixtures.ts';

// Lighthouse-style checks of the built app: no console errors and no layout shift while the page loads and settles.
async function measureLoad(page: import('@playwright/test').Page, url: string) {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  await page.addInitScript(() => {
    const w = window as unknown as { __cls: number };
    w.__cls = 0;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[]) {
        if (!entry.hadRecentInput) w.__cls += entry.value;
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
  await page.goto(url);
  await page.waitForLoadState('networkidle');
  await page.waitForTimeout(1000);
  const cls = await page.evaluate(() => (window as unknown as { __cls: number }).__cls);
  return { errors, cls };
}

test('loading /login logs no console error and shifts no layout', async ({ page }) => {
  const { errors, cls } = await measureLoad(page, '/login');
  await expect(page.getByRole('button', { name: 'Log in' })).toBeVisible();
  expect(errors).toEqual([]);
  expect(cls).toBeLessThan(0.01);
});

test('loading the dashboard after login logs no console error and shifts little', async ({ page }) => {
  const user = await createUser();
  await page.goto('/login');
  await page.getByLabel('Email').fill(user.email);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(user.password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page).toHaveTitle('Dashboard - Missiva');
  const { errors, cls } = await measureLoad(page, '/');
  expect(errors).toEqual([]);
  expect(cls).toBeLessThan(0.1);
});
