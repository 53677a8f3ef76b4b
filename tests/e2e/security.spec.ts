import { expect, loginThroughUi, test, totpCode } from './fixtures.ts';

test.describe('account security and passwords', () => {
  test('enables 2FA with the QR secret, shows the recovery codes once, then disables it', async ({ page, user }) => {
    await loginThroughUi(page, user);
    await expect(page.getByTestId('greeting')).toBeVisible();
    await page.goto('/account/security');
    await expect(page.getByTestId('two-factor-status')).toHaveText('Disabled');
    await page.getByRole('button', { name: 'Enable 2FA' }).click();
    await expect(page.getByRole('img', { name: /QR code/ })).toBeVisible();
    const secret = (await page.getByTestId('totp-secret').textContent())!.trim();
    await page.getByLabel('Code from the app').fill(totpCode(secret));
    await page.getByRole('button', { name: 'Verify and enable' }).click();
    await expect(page.getByTestId('recovery-codes').getByRole('listitem')).toHaveCount(10);
    await page.getByRole('button', { name: 'I have saved them' }).click();
    await expect(page.getByTestId('two-factor-status')).toHaveText('Enabled');
    await page.getByRole('button', { name: 'Disable 2FA' }).click();
    await page.getByLabel('Code from the app').fill(totpCode(secret, 1));
    await page.getByRole('button', { name: 'Disable', exact: true }).click();
    await expect(page.getByTestId('two-factor-status')).toHaveText('Disabled');
  });

  test('password reset request answers the same for any address', async ({ page }) => {
    await page.goto('/password-reset-request');
    await page.getByLabel('Email').fill('nobody@example.com');
    await page.getByRole('button', { name: 'Send reset link' }).click();
    await expect(page.getByRole('status')).toContainText('If an account uses this address');
  });

  test('reset password checks the confirmation and refuses an invalid link', async ({ page }) => {
    await page.goto('/reset-password');
    await expect(page.getByRole('main').getByRole('alert')).toContainText('This reset link is invalid');
    await page.goto('/reset-password?token=not-a-real-token-0123456789');
    await page.getByRole('textbox', { name: 'New password', exact: true }).fill('new-secret');
    await page.getByLabel('Confirm the new password').fill('other-secret');
    await page.getByRole('button', { name: 'Change password' }).click();
    await expect(page.getByText('Passwords do not match')).toBeVisible();
    await page.getByLabel('Confirm the new password').fill('new-secret');
    await page.getByRole('button', { name: 'Change password' }).click();
    await expect(page.getByRole('main').getByRole('alert')).toContainText('This reset link is invalid');
  });
});
