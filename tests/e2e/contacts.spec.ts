import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { apiLogin, expect, loginThroughUi, test, type TestUser } from './fixtures.ts';
import { BLANK_ROWS_PX, EACH_FRAME_BEFORE_PAINT } from './blankRows.ts';
import { blockingWheelListeners } from './wheelListeners.ts';

const CSV = [
  'email,first name,last name,country,plan',
  'ada@example.com,Ada,Lovelace,IT,pro',
  'grace@example.com,Grace,Hopper,IT,free',
  'alan@example.com,Alan,Turing,GB,pro',
  'linus@example.com,Linus,Torvalds,IT,free',
  'margaret@example.com,Margaret,Hamilton,IT,pro',
  'tim@example.com,Tim,Berners-Lee,FR,pro',
  'not-an-email,Bad,Row,IT,pro',
].join('\n');

/** Picks an option of a Mantine Select (or MultiSelect) labelled `label` inside `scope`. */
async function choose(page: Page, scope: Locator | Page, label: string, option: string) {
  await scope.getByRole('combobox', { name: label, exact: true }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

/**
 * How a badge looks: its box, its text's width and the styles that draw it. The table's status badge is one element
 * (PlainBadge) standing in for Mantine's two-element Badge, so both must measure the same.
 */
function badgeLook(badge: Locator) {
  return badge.evaluate((element) => {
    const box = element.getBoundingClientRect();
    const text = document.createRange();
    text.selectNodeContents(element);
    const style = getComputedStyle(element);
    const drawn = [
      'color',
      'backgroundColor',
      'fontSize',
      'fontWeight',
      'textTransform',
      'letterSpacing',
      'lineHeight',
      'borderRadius',
      'paddingLeft',
      'paddingRight',
      'borderTopWidth',
    ] as const;
    return {
      width: box.width,
      height: box.height,
      textWidth: text.getBoundingClientRect().width,
      ...Object.fromEntries(drawn.map((name) => [name, style[name]])),
    };
  });
}

test.describe('contacts', () => {
  test('attribute, CSV import into a list, nested segment whose live count matches the filtered table', async ({
    page,
    user,
  }) => {
    test.setTimeout(120_000);
    await loginThroughUi(page, user);
    await expect(page.getByTestId('greeting')).toBeVisible();

    // An attribute and a list.
    await page.goto('/contacts/attributes/edit');
    await page.getByRole('button', { name: 'Create attribute' }).click();
    await expect(page.getByRole('alert')).toHaveText('Please provide a name');
    await page.getByLabel('Name', { exact: true }).fill('Plan');
    await page.getByRole('button', { name: 'Create attribute' }).click();
    await expect(page.getByTestId('attributes-table')).toContainText('Plan');
    await page.goto('/contacts/lists');
    await page.getByLabel('Name', { exact: true }).fill('Customers');
    await page.getByRole('button', { name: 'Create list' }).click();
    await expect(page.getByTestId('lists-table')).toContainText('0 contacts');

    // The import: file, mapping (auto-matched), the list rule, progress, result with an error report.
    await page.goto('/contacts/importer/import');
    await expect(page.getByLabel('File to import')).toBeEnabled();
    await page
      .locator('input[type="file"]')
      .setInputFiles({ name: 'contacts.csv', mimeType: 'text/csv', buffer: Buffer.from(CSV) });
    await expect(page.getByTestId('import-preview')).toContainText('ada@example.com');
    await expect(page.getByRole('combobox', { name: 'Import column plan as' })).toHaveValue('Plan');
    await expect(page.getByRole('combobox', { name: 'Import column country as' })).toHaveValue('Country');
    await page.getByRole('button', { name: 'Start import' }).click();
    await expect(page.getByRole('alert')).toHaveText('At least one list is required');
    await choose(page, page, 'Add the contacts to these lists', 'Customers');
    await page.getByRole('button', { name: 'Start import' }).click();
    const result = page.getByTestId('import-result');
    await expect(result).toContainText('Import finished', { timeout: 30_000 });
    await expect(result).toContainText('6 created');
    await expect(result).toContainText('1 with errors');
    await expect(result.getByRole('link', { name: 'Download the error report' })).toBeVisible();
    await page.goto('/contacts/lists');
    await expect(page.getByTestId('lists-table')).toContainText('6 contacts');

    // A nested segment: country is IT AND (plan is pro OR first name starts with Gr).
    await page.goto('/contacts/segments');
    await page.getByRole('button', { name: 'New segment' }).click();
    await page.getByLabel('Segment name').fill('Italian pros and Grs');
    const conditions = page.getByTestId('segment-condition');
    await choose(page, conditions.nth(0), 'Which', 'Country');
    await choose(page, conditions.nth(0), 'Operator', 'is');
    await conditions.nth(0).getByLabel('Value').fill('IT');
    await page.getByRole('button', { name: 'Add group' }).click();
    const nested = page.locator('[data-testid="segment-group"][data-depth="1"]');
    await expect(nested).toBeVisible();
    await choose(page, conditions.nth(1), 'Condition on', 'Attribute');
    await choose(page, conditions.nth(1), 'Operator', 'is');
    await conditions.nth(1).getByLabel('Value').fill('pro');
    await nested.getByRole('button', { name: 'Add condition' }).click();
    await choose(page, conditions.nth(2), 'Which', 'First name');
    await choose(page, conditions.nth(2), 'Operator', 'starts with');
    await conditions.nth(2).getByLabel('Value').fill('Gr');
    const count = page.getByTestId('segment-count');
    await expect(count).toHaveText('3 matching contacts');
    await page.getByRole('button', { name: 'Save segment' }).click();
    await expect(page.getByRole('checkbox', { name: 'Select Italian pros and Grs' })).toBeChecked();
    await expect(count).toHaveText(/^\d+ matching contacts$/);
    const live = Number((await count.textContent())!.match(/\d+/)![0]);

    await page.getByRole('link', { name: 'Show contacts' }).click();
    await expect(page).toHaveURL(/\/contacts\?segment=\d+/);
    await expect(page.getByTestId('contacts-total')).toHaveText(`${live} contacts`);
    await expect(page.getByRole('link', { name: 'grace@example.com' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'alan@example.com' })).toHaveCount(0);
  });

  test('table rules, create form, contact page with notes and blocklist', async ({ page, user }) => {
    await loginThroughUi(page, user);
    await expect(page.getByTestId('greeting')).toBeVisible();
    await page.goto('/contacts');
    await expect(page.getByTestId('contacts-total')).toHaveText('0 contacts');
    await page.getByRole('button', { name: 'Block', exact: true }).click();
    await expect(page.getByRole('alert')).toHaveText('Select one or more contacts first');

    const create = async (email: string) => {
      await page.getByRole('button', { name: 'Create contact' }).click();
      const dialog = page.getByRole('dialog');
      await dialog.getByLabel('Email').fill(email);
      await dialog.getByLabel('First name').fill('Ada');
      await dialog.getByRole('button', { name: 'Save' }).click();
      return dialog;
    };
    await create('ada@example.com');
    await expect(page.getByTestId('contacts-total')).toHaveText('1 contact');
    const dialog = await create('ada@example.com');
    await expect(dialog.getByText('email already in use')).toBeVisible();
    await dialog.getByRole('button', { name: 'Cancel' }).click();

    await page.getByRole('checkbox', { name: 'Select ada@example.com' }).check();
    await page.getByRole('button', { name: 'Block', exact: true }).click();
    await expect(page.getByText('1 contact changed')).toBeVisible();
    await expect(page.getByRole('row', { name: /ada@example.com/ })).toContainText('Blocklisted');
    const tableBadge = await badgeLook(page.getByRole('row', { name: /ada@example.com/ }).getByText('Blocklisted'));

    // The row's email is a plain link that the table turns into an in-app navigation: the page is not reloaded.
    await page.evaluate(() => ((window as unknown as { stayed: boolean }).stayed = true));
    await page.getByRole('link', { name: 'ada@example.com' }).click();
    await expect(page.getByTestId('contact-fields')).toContainText('Ada');
    expect(await page.evaluate(() => (window as unknown as { stayed?: boolean }).stayed)).toBe(true);
    // The contact page shows the same status with Mantine's own Badge.
    expect(tableBadge).toEqual(await badgeLook(page.locator('.mantine-Badge-root', { hasText: 'Blocklisted' })));
    await page.getByLabel('New note').fill('Called about the renewal.');
    await page.getByRole('button', { name: 'Add note' }).click();
    await expect(page.getByTestId('contact-notes')).toContainText('Called about the renewal.');
    await page.getByRole('button', { name: 'Unblock' }).click();
    await expect(page.getByRole('button', { name: 'Block', exact: true })).toBeVisible();
    await expect(page.getByTestId('contact-timeline')).toContainText('Removed from the blocklist');
    // Exact: each note has its own "Delete note" button.
    await page.getByRole('button', { name: 'Delete', exact: true }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
    await expect(page.getByText('The contact was deleted.')).toBeVisible();
  });
});

test('contacts table: list filter and sort live in the address, survive a reload and follow Back', async ({
  page,
  request,
  user,
}) => {
  // Data through the API: two lists, four contacts created in an order that differs from the last-name order.
  const login = await request.post('/api/users/login', {
    data: { email: user.email, password: user.password, remember: false },
  });
  const headers = { Authorization: `Bearer ${((await login.json()) as { token: string }).token}` };
  const post = async (path: string, data: object) => {
    const response = await request.post(`/api${path}`, { headers, data });
    expect(response.status()).toBe(201);
    return (await response.json()) as { id: number };
  };
  const folder = await post('/contact-folders', { name: 'Audiences' });
  const vip = await post('/contact-lists', { name: 'VIP', folderId: folder.id });
  const press = await post('/contact-lists', { name: 'Press', folderId: folder.id });
  for (const [firstName, lastName, listId] of [
    ['Grace', 'Hopper', vip.id],
    ['Alan', 'Turing', vip.id],
    ['Linus', 'Torvalds', press.id],
    ['Ada', 'Lovelace', vip.id],
  ] as const) {
    await post('/contacts', {
      email: `${firstName.toLowerCase()}@example.com`,
      firstName,
      lastName,
      listIds: [listId],
    });
  }

  await loginThroughUi(page, user);
  await expect(page.getByTestId('greeting')).toBeVisible();
  await page.goto('/contacts');
  const total = page.getByTestId('contacts-total');
  const emails = page.getByRole('table', { name: 'Contacts' }).getByRole('link');
  // "Newest first" follows contact ids, which a cached id sequence does not hand out in creation order: compare sets.
  const vipSet = ['ada@example.com', 'alan@example.com', 'grace@example.com'];
  const shownSet = async () => (await emails.allTextContents()).sort();
  const show = page.getByRole('combobox', { name: 'Show', exact: true });
  const sortBy = page.getByRole('combobox', { name: 'Sort by', exact: true });
  await expect(total).toHaveText('4 contacts');
  // The page's selects keep their options mounted; none may hold a blocking wheel listener, or Chromium sends every
  // wheel event to the page's main thread and waits for it before scrolling the table.
  expect(await blockingWheelListeners(page)).toEqual([]);
  // Nothing above the table restricts touch gestures: under any touch-action but `auto`, Chromium registers every cell
  // as a touch-action target and keeps it registered after it leaves the page, until a major GC sweeps it out, so each
  // GC's pause grew with the rows a scroll had mounted (src/theme.ts).
  const restricting = await page.getByRole('table', { name: 'Contacts' }).evaluate((table) => {
    const found: string[] = [];
    for (let el: Element | null = table; el; el = el.parentElement) {
      const touchAction = getComputedStyle(el).touchAction;
      if (touchAction !== 'auto') found.push(`${el.tagName.toLowerCase()}.${el.classList[0] ?? ''}: ${touchAction}`);
    }
    return found;
  });
  expect(restricting).toEqual([]);

  await choose(page, page, 'Show', 'VIP');
  await expect(page).toHaveURL(new RegExp(`/contacts\\?list=${vip.id}$`));
  await expect(total).toHaveText('3 contacts');
  await expect.poll(shownSet).toEqual(vipSet);
  await choose(page, page, 'Sort by', 'Last name A–Z');
  await expect(page).toHaveURL(new RegExp(`/contacts\\?sort=lastName&dir=asc&list=${vip.id}$`));
  const byLastName = ['grace@example.com', 'ada@example.com', 'alan@example.com'];
  await expect(emails).toHaveText(byLastName);

  // A reload (or the same link opened elsewhere) shows the same view.
  await page.reload();
  await expect(page).toHaveURL(new RegExp(`/contacts\\?sort=lastName&dir=asc&list=${vip.id}$`));
  await expect(show).toHaveValue('VIP');
  await expect(sortBy).toHaveValue('Last name A–Z');
  await expect(total).toHaveText('3 contacts');
  await expect(emails).toHaveText(byLastName);

  // Back: the list as it was before sorting; Back again: all contacts; Forward: the list again.
  await page.goBack();
  await expect(page).toHaveURL(new RegExp(`/contacts\\?list=${vip.id}$`));
  await expect(sortBy).toHaveValue('Newest first');
  await expect(show).toHaveValue('VIP');
  await expect.poll(shownSet).toEqual(vipSet);
  await page.goBack();
  await expect(page).toHaveURL(/\/contacts$/);
  await expect(show).toHaveValue('All contacts');
  await expect(total).toHaveText('4 contacts');
  await page.goForward();
  await expect(show).toHaveValue('VIP');
  await expect(total).toHaveText('3 contacts');

  // Typing a search replaces the address instead of adding history entries.
  await page.getByRole('searchbox', { name: 'Search by email, name or phone' }).fill('lov');
  await expect(page).toHaveURL(new RegExp(`/contacts\\?q=lov&list=${vip.id}$`));
  await expect(emails).toHaveText(['ada@example.com']);
  await page.goBack();
  await expect(page).toHaveURL(/\/contacts$/);
  await expect(page.getByRole('searchbox', { name: 'Search by email, name or phone' })).toHaveValue('');

  // What the address asks for but cannot be shown falls back, says why, and the address is corrected.
  await page.goto('/contacts?list=abc&sort=phone');
  const notices = page.getByTestId('view-notices');
  await expect(notices).toContainText('The sort order in the link is not one we know');
  await expect(notices).toContainText('The list in the link does not exist or you cannot open it');
  await expect(page).toHaveURL(/\/contacts$/);
  await expect(total).toHaveText('4 contacts');
  await page.goto(`/contacts?list=${press.id + 1000}`);
  await expect(notices).toContainText('The list in the link does not exist or you cannot open it');
  await expect(total).toHaveText('4 contacts');
  await notices.getByRole('button', { name: 'Close' }).click();
  await expect(notices).toHaveCount(0);
});

/** Signs in through the API and answers JSON helpers bound to the user's token. */
async function apiAs(request: APIRequestContext, user: TestUser) {
  const headers = { Authorization: `Bearer ${await apiLogin(request, user)}` };
  const call = async (method: 'get' | 'post', path: string, status: number, data?: object) => {
    const response = await request[method](`/api${path}`, { headers, ...(data ? { data } : {}) });
    expect(response.status(), `${method} ${path}`).toBe(status);
    return response.json();
  };
  /** Imports a CSV file into a list (upload, start with the suggested mapping) and waits for its end. */
  const importCsv = async (name: string, csv: string, listId: number) => {
    const uploaded = await request.post('/api/contact-imports', {
      headers,
      multipart: { file: { name, mimeType: 'text/csv', buffer: Buffer.from(csv) } },
    });
    expect(uploaded.status()).toBe(201);
    const upload = (await uploaded.json()) as { id: number; suggestedMapping: object[] };
    await call('post', `/contact-imports/${upload.id}/start`, 202, {
      mapping: upload.suggestedMapping,
      listIds: [listId],
      updateExisting: true,
    });
    await expect
      .poll(async () => (await call('get', `/contact-imports/${upload.id}`, 200)).status, { timeout: 30_000 })
      .toBe('finished');
  };
  return { headers, call, importCsv };
}

test('contact page: a note is deleted only after the confirmation', async ({ page, request, user }) => {
  const api = await apiAs(request, user);
  const contact = await api.call('post', '/contacts', 201, { email: 'notes@example.com', firstName: 'Nora' });
  await loginThroughUi(page, user);
  await expect(page.getByTestId('greeting')).toBeVisible();
  await page.goto(`/contacts/show/${contact.id}`);

  await page.getByLabel('New note').fill('Asked for the price list.');
  await page.getByRole('button', { name: 'Add note' }).click();
  const notes = page.getByTestId('contact-notes');
  const note = notes.getByRole('listitem').filter({ hasText: 'Asked for the price list.' });
  await expect(note).toBeVisible();

  // Cancel keeps it.
  await note.getByRole('button', { name: 'Delete note' }).click();
  const dialog = page.getByRole('dialog', { name: 'Are you sure?' });
  await expect(dialog).toContainText('This note will be deleted for good.');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
  await expect(note).toBeVisible();

  // Confirming deletes it, here and on the server.
  await note.getByRole('button', { name: 'Delete note' }).click();
  await dialog.getByRole('button', { name: 'Delete note' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText('Asked for the price list.')).toHaveCount(0);
  await expect(page.getByText('No notes yet.')).toBeVisible();
  await page.reload();
  await expect(page.getByTestId('contact-fields')).toContainText('Nora');
  await expect(page.getByText('No notes yet.')).toBeVisible();
});

test('contact page: more notes on demand, and the imports that created and updated the contact on its timeline', async ({
  page,
  request,
  user,
}) => {
  const api = await apiAs(request, user);
  const folder = await api.call('post', '/contact-folders', 201, { name: 'Imports' });
  const list = await api.call('post', '/contact-lists', 201, { name: 'Fair', folderId: folder.id });
  await api.importCsv('spring fair.csv', 'email,first name\nivy@example.com,Ivy\n', list.id);
  await api.importCsv('autumn fair.csv', 'email,last name\nivy@example.com,Rossi\n', list.id);
  const [contact] = (await api.call('get', '/contacts?q=ivy%40example.com', 200)) as { id: number }[];
  for (let i = 1; i <= 51; i++) await api.call('post', `/contacts/${contact!.id}/notes`, 201, { text: `Call ${i}` });

  await loginThroughUi(page, user);
  await expect(page.getByTestId('greeting')).toBeVisible();
  await page.goto(`/contacts/show/${contact!.id}`);
  await expect(page.getByTestId('contact-timeline')).toContainText('Imported from spring fair.csv');
  await expect(page.getByTestId('contact-timeline')).toContainText('Updated by the import of autumn fair.csv');
  await expect(page.getByTestId('contact-fields')).toContainText('Rossi');
  const items = page.getByTestId('contact-notes').getByRole('listitem');
  await expect(items).toHaveCount(50);
  await expect(items.first()).toContainText('Call 51');
  await page.getByRole('button', { name: 'Show more notes' }).click();
  await expect(items).toHaveCount(51);
  await expect(items.last()).toContainText('Call 1');
  await expect(page.getByRole('button', { name: 'Show more notes' })).toHaveCount(0);
});

/** Imports 80 contacts (row0@example.com "Row 0" … row79), logs in and opens the contacts table, newest first. */
async function openEightyContacts(page: Page, request: APIRequestContext, user: TestUser) {
  const api = await apiAs(request, user);
  const folder = await api.call('post', '/contact-folders', 201, { name: 'Scroll' });
  const list = await api.call('post', '/contact-lists', 201, { name: 'Eighty', folderId: folder.id });
  await api.importCsv(
    'eighty.csv',
    ['email,first name', ...Array.from({ length: 80 }, (_, i) => `row${i}@example.com,Row ${i}`)].join('\n'),
    list.id,
  );

  await loginThroughUi(page, user);
  await expect(page.getByTestId('greeting')).toBeVisible();
  await page.goto('/contacts');
  await expect(page.getByTestId('contacts-total')).toHaveText('80 contacts');
}

test('contacts table: the rows scrolled into view are drawn in the frame that scrolls to them', async ({
  page,
  request,
  user,
}) => {
  await openEightyContacts(page, request, user);
  await page.evaluate(`window.blankRowsPx = ${BLANK_ROWS_PX}`);
  // Each position is set in one animation frame; the browser paints it and fires the box's scroll event in the next
  // frame, before that frame's animation callbacks, where the rows are measured: the part of the box under the header
  // that no row covers must be empty. A table that renders its new rows in a task after the frame shows a blank box
  // (or the old rows scrolled away) in the frame the scroll event belongs to.
  const blank = await page.getByTestId('virtual-scroll').evaluate(
    (box) =>
      new Promise<number[]>((resolve) => {
        const blankPx = (window as unknown as { blankRowsPx: (box: Element) => number }).blankRowsPx;
        const positions = [1800, 2900, 900, 40, 3000];
        const measured: number[] = [];
        let i = 0;
        const frame = () => {
          if (i > 0) measured.push(Math.round(blankPx(box)));
          if (i === positions.length) return resolve(measured);
          box.scrollTop = positions[i++]!;
          requestAnimationFrame(frame);
        };
        requestAnimationFrame(frame);
      }),
  );
  expect(blank).toEqual([0, 0, 0, 0, 0]);
  // The last position shows the last rows.
  await expect(page.getByRole('link', { name: 'row0@example.com' })).toBeVisible();

  // A row scrolled out of the window takes the focus with it: a focused checkbox must never end up as another
  // contact's (Space would then select that contact).
  const box = page.getByTestId('virtual-scroll');
  await box.evaluate((el) => (el.scrollTop = 0));
  const first = page.getByRole('checkbox', { name: 'Select row79@example.com' });
  await first.focus();
  await expect(first).toBeFocused();
  const focusedAfter = await box.evaluate(
    (el) =>
      new Promise<string | null>((resolve) => {
        el.scrollTop = 2_000;
        requestAnimationFrame(() =>
          requestAnimationFrame(() => resolve(document.activeElement?.getAttribute('aria-label') ?? null)),
        );
      }),
  );
  expect(focusedAfter).toBeNull();
  await page.keyboard.press('Space');
  await expect(page.getByRole('checkbox', { checked: true })).toHaveCount(0);
});

test('contacts table: the keyboard scrolls it, and every frame of a key’s scroll animation shows rows', async ({
  page,
  request,
  user,
}) => {
  await openEightyContacts(page, request, user);
  const box = page.getByRole('region', { name: 'Contacts' });
  // A click on a row's text puts the focus on the table's scroll box, so the keys scroll the table, not the page.
  await page.getByRole('cell', { name: 'Row 79', exact: true }).click();
  await expect(box).toBeFocused();
  await expect(box).toHaveAttribute('data-testid', 'virtual-scroll');
  // The blank part of the box in every frame, measured once the frame is laid out, before it is painted. Chromium
  // animates a key's scroll on the main thread and fires the scroll event of each step a frame later: a table that
  // renders its rows on scroll events shows each step's new rows one frame late.
  await page.evaluate(
    `window.blankFrames = []; window.stopBlankFrames = (${EACH_FRAME_BEFORE_PAINT})(() => window.blankFrames.push(Math.round((${BLANK_ROWS_PX})(document.querySelector('[data-testid="virtual-scroll"]')))))`,
  );
  const top = () => box.evaluate((el) => el.scrollTop);
  for (const key of ['PageDown', 'PageDown', 'PageDown']) {
    const before = await top();
    await page.keyboard.press(key);
    await expect.poll(top).toBeGreaterThan(before + 300);
    await page.waitForTimeout(300);
  }
  await page.keyboard.press('End');
  await expect(page.getByRole('link', { name: 'row0@example.com' })).toBeVisible();
  await page.waitForTimeout(300);
  await page.keyboard.press('Home');
  await expect(page.getByRole('link', { name: 'row79@example.com' })).toBeVisible();
  await page.waitForTimeout(300);
  const frames = await page.evaluate(() => {
    const w = window as unknown as { blankFrames: number[]; stopBlankFrames: () => void };
    w.stopBlankFrames();
    return w.blankFrames;
  });
  expect(frames.length).toBeGreaterThan(60);
  expect(frames.filter((px) => px > 0)).toEqual([]);
});

test('import screen: an uploaded import is deleted only after the confirmation, with its file', async ({
  page,
  request,
  user,
}) => {
  const api = await apiAs(request, user);
  await loginThroughUi(page, user);
  await expect(page.getByTestId('greeting')).toBeVisible();
  await page.goto('/contacts/importer/import');
  await expect(page.getByLabel('File to import')).toBeEnabled();
  await page
    .locator('input[type="file"]')
    .setInputFiles({ name: 'drop.csv', mimeType: 'text/csv', buffer: Buffer.from('email\nzed@example.com\n') });
  await expect(page.getByTestId('import-preview')).toContainText('zed@example.com');
  expect(await api.call('get', '/contact-imports', 200)).toHaveLength(1);

  await page.getByRole('button', { name: 'Delete import' }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete this import?' });
  await expect(dialog).toContainText('Contacts already imported stay.');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId('import-preview')).toContainText('zed@example.com');
  expect(await api.call('get', '/contact-imports', 200)).toHaveLength(1);

  await page.getByRole('button', { name: 'Delete import' }).click();
  await dialog.getByRole('button', { name: 'Delete import' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByLabel('File to import')).toBeEnabled();
  await expect.poll(async () => (await api.call('get', '/contact-imports', 200)).length).toBe(0);
});

test('contacts export: reads that fail in a row are shown with Try again, which follows it to the link', async ({
  page,
  request,
  user,
}) => {
  const headers = { Authorization: `Bearer ${await apiLogin(request, user)}` };
  for (const email of ['ada@example.com', 'grace@example.com']) {
    const response = await request.post('/api/contacts', { headers, data: { email } });
    expect(response.status()).toBe(201);
  }
  await loginThroughUi(page, user);
  await expect(page.getByTestId('greeting')).toBeVisible();
  await page.goto('/contacts');
  await expect(page.getByTestId('contacts-total')).toHaveText('2 contacts');
  // The export's reads fail as on a lost network (the POST that starts it goes through); the screen says so once
  // MAX_READ_FAILURES reads in a row have failed, instead of showing progress forever.
  const reads = '**/api/contact-exports/*';
  await page.route(reads, (route) => (route.request().method() === 'GET' ? route.abort() : route.continue()));
  await page.getByRole('checkbox', { name: 'Select ada@example.com' }).check();
  await page.getByRole('button', { name: 'Export', exact: true }).click();
  const lost = page.getByRole('alert').filter({ hasText: 'its progress cannot be read right now' });
  await expect(lost).toBeVisible({ timeout: 20_000 });
  await page.unroute(reads);
  await lost.getByRole('button', { name: 'Try again' }).click();
  const link = page.getByRole('link', { name: 'Download CSV' });
  await expect(link).toBeVisible({ timeout: 20_000 });
  const file = await request.get((await link.getAttribute('href'))!);
  expect(file.status()).toBe(200);
  const csv = await file.text();
  expect(csv).toContain('ada@example.com');
  expect(csv).not.toContain('grace@example.com');
});
