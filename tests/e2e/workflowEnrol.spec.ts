import { apiLogin, expect, loginThroughUi, test } from './fixtures.ts';

/**
 * Manual enrolment from the contacts table (issue 22 §3) in Chromium against the real server: a selection of the
 * table is added to an active workflow from the bulk bar, the notice counts the runs started, a second try counts
 * none (the re-entry rule), and the contact's page shows the run.
 */
test('a selection of the contacts table is added to an active workflow by hand', async ({ page, request, user }) => {
  const token = await apiLogin(request, user);
  const headers = { Authorization: `Bearer ${token}` };
  const call = async (method: 'post' | 'put', url: string, data: unknown) => {
    const res = await request[method](`/api${url}`, { headers, data });
    expect(res.ok(), `${method} ${url}: ${res.status()} ${await res.text()}`).toBe(true);
    return res.json();
  };
  const contact = await call('post', '/contacts', { email: 'ada.enrol@example.org', firstName: 'Ada' });
  await call('post', '/contacts', { email: 'grace.enrol@example.org', firstName: 'Grace' });
  const workflow = await call('post', '/workflows', { name: 'Hand-picked follow-up' });
  await call('put', `/workflows/${workflow.id}`, {
    name: 'Hand-picked follow-up',
    graph: {
      nodes: [
        { id: 't', kind: 'trigger', position: { x: 0, y: 0 }, config: { type: 'manual' } },
        { id: 'w', kind: 'wait', position: { x: 0, y: 120 }, config: { mode: 'duration', amount: 2, unit: 'days' } },
        { id: 'x', kind: 'exit', position: { x: 0, y: 240 }, config: {} },
      ],
      edges: [
        { id: 'e1', source: 't', handle: 'next', target: 'w' },
        { id: 'e2', source: 'w', handle: 'next', target: 'x' },
      ],
    },
  });
  await call('post', `/workflows/${workflow.id}/status`, { status: 'active' });

  await loginThroughUi(page, user);
  await expect(page.getByTestId('greeting')).toBeVisible();
  await page.goto('/contacts');
  await expect(page.getByTestId('contacts-total')).toContainText('2');
  // Asking without a workflow says what is missing.
  await page.getByRole('checkbox', { name: 'Select ada.enrol@example.org' }).check();
  await page.getByRole('button', { name: 'Add to workflow' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Choose a workflow first' })).toBeVisible();
  await page.getByRole('combobox', { name: 'Workflow' }).click();
  await page.getByRole('option', { name: 'Hand-picked follow-up' }).click();
  await page.getByRole('button', { name: 'Add to workflow' }).click();
  await expect(page.getByTestId('bulk-affected')).toHaveText('1 contact enrolled in the workflow');

  await page.getByRole('checkbox', { name: 'Select ada.enrol@example.org' }).check();
  await page.getByRole('button', { name: 'Add to workflow' }).click();
  await expect(page.getByTestId('bulk-affected')).toHaveText('No contact enrolled: they are in the workflow already');

  await page.goto(`/contacts/show/${contact.id}`);
  await expect(page.getByTestId('contact-workflow-runs')).toContainText('Hand-picked follow-up');
});
