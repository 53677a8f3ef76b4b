/**
 * The message wizard walk's UI assertions: per leaf state of the machine, what the user sees on the wizard step in
 * the URL. A leaf without an entry fails the walk (`assertLeaves`), and the spec checks the table covers every state.
 */
import type { AnyMachineSnapshot } from 'xstate';
import type { Page } from '@playwright/test';
import type { MessageDescriptor } from 'react-intl';
import type { MessageWizardContext } from '../../src/machines/messageWizard/messageWizard.types.ts';
import { issueText, wizardText as w } from '../../src/screens/multichannel/wizard/MessageWizard.messages.ts';
import { commonMessages } from '../../src/i18n/common.messages.ts';
import { ctx, deleteDialog, ID, sendButton, text, type WizardWalk } from './messageWizardWalk.ts';
import { assertLeaves, expect, type StateAssertion } from './walk.ts';

const button = (page: Page, message: MessageDescriptor) =>
  page.getByRole('button', { name: text(message), exact: true });
const autosave = (page: Page) => page.getByTestId('autosave');
const count = (page: Page) => page.getByTestId('recipient-count');
const loadingButton = async (page: Page, message: MessageDescriptor) =>
  expect(button(page, message)).toHaveAttribute('data-loading', 'true');
const consoleReached = async (page: Page) => expect(page).toHaveURL(/\/multichannel\/email$/);

type Assertion = StateAssertion<WizardWalk>;

/** The task errors and their texts, where each one shows. */
async function taskError(page: Page, walk: WizardWalk, error: MessageWizardContext['errors']['task']) {
  if (error === 'deleteFailed') await expect(page.getByText(text(w.deleteFailed))).toBeVisible();
  if (walk.step !== 3) return;
  const texts = {
    testAddressesInvalid: text(w.testAddressesInvalid, { max: 10 }),
    testSendFailed: text(w.testSendFailed),
    sendFailed: text(w.sendFailed),
    sendRefused: text(w.sendRefused),
  } as Record<string, string>;
  for (const [code, message] of Object.entries(texts)) {
    await expect(page.getByText(message)).toHaveCount(code === error ? 1 : 0);
  }
}

/** Per leaf state of the wizard machine, what the user sees (on the step on screen). */
export const stateAssertions: Record<string, Assertion> = {
  'messageWizard.loading': async (page) => {
    await expect(page.getByText(text(w.loading))).toBeVisible();
  },
  'messageWizard.loadFailed': async (page) => {
    await expect(page.getByRole('alert').filter({ hasText: text(w.loadFailed) })).toBeVisible();
    await expect(button(page, commonMessages.retry)).toBeEnabled();
  },
  'messageWizard.locked': async (page, state) => {
    const status = ctx(state).message?.status;
    await expect(page.getByText(text(w.locked, { status }))).toBeVisible();
    await expect(page.getByRole('link', { name: text(w.toReport) })).toHaveAttribute(
      'href',
      `/multichannel/email/report/${ID}`,
    );
  },
  'messageWizard.ready.autosave.idle': async (page) => {
    await expect(autosave(page)).toHaveText(text(w.saved));
  },
  'messageWizard.ready.autosave.debouncing': async (page) => {
    await expect(autosave(page)).toHaveText(text(w.unsaved));
  },
  'messageWizard.ready.autosave.saving': async (page) => {
    await expect(autosave(page)).toHaveText(text(w.saving));
  },
  'messageWizard.ready.autosave.failed': async (page) => {
    await expect(autosave(page)).toContainText(text(w.saveFailed));
    await expect(button(page, w.retrySave)).toBeEnabled();
  },
  'messageWizard.ready.autosave.invalid': async (page, state, walk) => {
    await expect(autosave(page)).toHaveText(text(w.invalid));
    await expect(button(page, w.retrySave)).toHaveCount(0);
    if (walk.step === 0 && ctx(state).issues.name === 'nameRequired')
      await expect(page.getByText(text(issueText.nameRequired))).toBeVisible();
  },
  'messageWizard.ready.count.idle': async (page, state, walk) => {
    const { count: n, errors } = ctx(state);
    if (walk.step === 1) {
      if (errors.count) await expect(count(page)).toContainText(text(w.countFailed));
      else await expect(count(page)).toContainText(text(w.recipients, { count: n ?? 0 }));
    } else if (walk.step === 3) {
      await expect(page.getByRole('listitem').filter({ hasText: text(w.recipients, { count: n ?? 0 }) })).toBeVisible();
    } else await expect(count(page)).toHaveCount(0);
  },
  'messageWizard.ready.count.debouncing': async (page, _, walk) => counting(page, walk),
  'messageWizard.ready.count.counting': async (page, _, walk) => counting(page, walk),
  'messageWizard.ready.task.idle': async (page, state, walk) => {
    await expect(button(page, w.deleteDraft)).toBeEnabled();
    await taskError(page, walk, ctx(state).errors.task);
    if (walk.step !== 3) return;
    await expect(button(page, w.checkAgain)).toBeEnabled();
    await expect(button(page, w.testSubmit)).toBeEnabled();
    const failed = page.getByText(text(w.checklistFailed));
    await expect(failed).toHaveCount(ctx(state).errors.checklist ? 1 : 0);
    await expect(page.getByTestId('checklist').getByRole('listitem')).toHaveCount(ctx(state).checklist?.length ?? 0);
    const canSend = state.can({ type: 'wizard.send' });
    await expect(sendButton(walk)).toBeEnabled({ enabled: canSend });
    await expect(page.getByText(text(w.sendBlocked))).toHaveCount(canSend ? 0 : 1);
  },
  'messageWizard.ready.task.checking': async (page, _, walk) => {
    await expect(button(page, w.deleteDraft)).toBeDisabled();
    if (walk.step !== 3) return;
    await loadingButton(page, w.checkAgain);
    await expect(button(page, w.testSubmit)).toBeDisabled();
    await expect(sendButton(walk)).toBeDisabled();
  },
  'messageWizard.ready.task.testing': async (page, _, walk) => {
    await expect(button(page, w.deleteDraft)).toBeDisabled();
    if (walk.step !== 3) return;
    await loadingButton(page, w.testSubmit);
    await expect(button(page, w.checkAgain)).toBeDisabled();
  },
  'messageWizard.ready.task.sending': async (page, _, walk) => {
    await expect(button(page, w.deleteDraft)).toBeDisabled();
    if (walk.step !== 3) return;
    await expect(sendButton(walk)).toHaveAttribute('data-loading', 'true');
    await expect(button(page, w.testSubmit)).toBeDisabled();
  },
  'messageWizard.ready.task.confirmingDelete': async (page) => {
    await expect(deleteDialog(page)).toBeVisible();
    await expect(deleteDialog(page).getByRole('button', { name: text(w.deleteConfirm) })).toBeEnabled();
  },
  'messageWizard.ready.task.deleting': async (page) => {
    await expect(deleteDialog(page).getByRole('button', { name: text(w.deleteConfirm) })).toHaveAttribute(
      'data-loading',
      'true',
    );
  },
  'messageWizard.sent': consoleReached,
  'messageWizard.deleted': consoleReached,
};

async function counting(page: Page, walk: WizardWalk) {
  if (walk.step === 1) await expect(count(page)).toContainText(text(w.counting));
  else if (walk.step === 3)
    await expect(page.getByRole('listitem').filter({ hasText: text(w.counting) })).toBeVisible();
  else await expect(count(page)).toHaveCount(0);
}

export async function assertState(walk: WizardWalk, state: AnyMachineSnapshot): Promise<void> {
  await assertLeaves(stateAssertions, walk.page, state, walk);
}
