import { readFileSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { signTracking, TRACKING_PATHS } from '../../server/services/messaging/tokens.ts';
import { expect, loginThroughUi, serverInfo, test, type TestUser } from './fixtures.ts';

/** The e2e server's database, as its owner (to write a sent campaign the way the sending engine leaves it). */
function database() {
  const { dataDir, pgPort } = serverInfo();
  const password = readFileSync(path.join(dataDir, 'postgres-password'), 'utf8').trim();
  return new pg.Client({
    connectionString: `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${pgPort}/missiva`,
  });
}

/** A contact of the user's company who got a campaign; answers the unsubscribe link it carried. */
async function sentTo(user: TestUser, email: string, language: string | null): Promise<string> {
  const db = database();
  await db.connect();
  try {
    const company = await db.query<{ company_id: string }>('select company_id from users where email = $1', [
      user.email,
    ]);
    const companyId = company.rows[0]!.company_id;
    const contact = await db.query<{ id: string }>(
      'insert into contacts (company_id, email, language) values ($1, $2, $3) returning id',
      [companyId, email, language],
    );
    const message = await db.query<{ id: string }>(
      `insert into messages (company_id, channel, name, status, subject, html, sent_at)
       values ($1, 'email', 'Autumn news', 'sent', 'Autumn', '<p>News</p>', now()) returning id`,
      [companyId],
    );
    const recipient = await db.query<{ id: string }>(
      `insert into message_recipients (company_id, message_id, contact_id, address, state, sent_at)
       values ($1, $2, $3, $4, 'sent', now()) returning id`,
      [companyId, message.rows[0]!.id, contact.rows[0]!.id, email],
    );
    const secret = readFileSync(path.join(serverInfo().dataDir, 'secret-key'), 'utf8').trim();
    const token = signTracking(secret, {
      kind: 'unsubscribe',
      companyId,
      messageId: Number(message.rows[0]!.id),
      recipientId: Number(recipient.rows[0]!.id),
      linkIdx: 0,
    });
    return TRACKING_PATHS.unsubscribe(token);
  } finally {
    await db.end();
  }
}

async function blocklisted(email: string): Promise<string[]> {
  const db = database();
  await db.connect();
  try {
    const { rows } = await db.query<{ reason: string }>('select reason from channel_blocklist where address = $1', [
      email,
    ]);
    return rows.map((r) => r.reason);
  } finally {
    await db.end();
  }
}

test.describe('unsubscribe page settings', () => {
  test('edits the texts per language and the colours, previews them live, and keeps them', async ({ page, user }) => {
    await loginThroughUi(page, user);
    await expect(page.getByTestId('greeting')).toBeVisible();
    await page.goto('/multichannel/settings/unsubscribe');
    const preview = page.frameLocator('iframe[title="Preview of the unsubscribe page"]');
    await expect(preview.getByRole('heading', { name: 'Unsubscribe' })).toBeVisible();
    const save = page.getByRole('button', { name: 'Save' });
    await expect(save).toBeDisabled();

    await page.getByRole('textbox', { name: 'Title', exact: true }).fill('Leaving so soon?');
    await expect(preview.getByRole('heading', { name: 'Leaving so soon?' })).toBeVisible();
    // The language is a radio group: the arrow key moves to Italian.
    await page.getByRole('radio', { name: 'English' }).focus();
    await page.keyboard.press('ArrowRight');
    await expect(page.getByRole('radio', { name: 'Italian' })).toBeChecked();
    await expect(page.getByRole('textbox', { name: 'Title', exact: true })).toHaveValue('Annulla iscrizione');
    await page.getByRole('textbox', { name: 'Button label' }).fill('Sì, cancellami');
    await expect(preview.getByRole('button', { name: 'Sì, cancellami' })).toBeVisible();
    await page.getByRole('switch', { name: 'Let contacts choose which of their lists to leave' }).check();
    await expect(preview.getByRole('checkbox', { name: 'Newsletter' })).toBeVisible();

    await save.click();
    await expect(page.getByTestId('unsubscribe-status')).toHaveText('Saved');
    await page.reload();
    await expect(page.getByRole('textbox', { name: 'Title', exact: true })).toHaveValue('Leaving so soon?');
    await page.locator('label', { hasText: 'Italian' }).click();
    await expect(page.getByRole('textbox', { name: 'Button label' })).toHaveValue('Sì, cancellami');
  });

  test('refuses an empty title beside its field and saves nothing', async ({ page, user }) => {
    await loginThroughUi(page, user);
    await expect(page.getByTestId('greeting')).toBeVisible();
    await page.goto('/multichannel/settings/unsubscribe');
    await page.getByRole('textbox', { name: 'Title', exact: true }).fill('');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Nothing was saved: correct the fields marked.')).toBeVisible();
    await expect(page.getByText('Fill this in, within the length allowed')).toBeVisible();
    await page.reload();
    await expect(page.getByRole('textbox', { name: 'Title', exact: true })).toHaveValue('Unsubscribe');
  });
});

test.describe('public unsubscribe page', () => {
  test("speaks the contact's language and unsubscribes with the keyboard", async ({ page, user }) => {
    const email = `rossi-${Date.now()}@example.com`;
    const link = await sentTo(user, email, 'it');
    await page.goto(link);
    await expect(page.getByRole('heading', { name: 'Annulla iscrizione', level: 1 })).toBeVisible();
    const button = page.getByRole('button', { name: 'Annulla iscrizione' });
    await button.focus();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('status')).toHaveText(
      'La tua iscrizione è stata annullata. Non riceverai più le nostre email.',
    );
    expect(await blocklisted(email)).toEqual(['unsubscribed']);
  });

  test('answers one-click unsubscribe (RFC 8058) without a page, and a tampered link with 404', async ({
    request,
    user,
  }) => {
    const email = `smith-${Date.now()}@example.com`;
    const link = await sentTo(user, email, null);
    const tampered = link.slice(0, -4) + (link.endsWith('AAAA') ? 'BBBB' : 'AAAA');
    expect((await request.get(tampered)).status()).toBe(404);
    const res = await request.post(link, {
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      data: 'List-Unsubscribe=One-Click',
    });
    expect(res.status()).toBe(200);
    expect(await blocklisted(email)).toEqual(['unsubscribed']);
  });
});
