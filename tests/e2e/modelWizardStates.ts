/**
 * The model wizard walk's UI assertions: per leaf state of the machine, what the user sees on the wizard step the
 * machine is on. A leaf without an entry fails the walk (`assertLeaves`), and the spec checks the table covers every
 * settleable state.
 */
import type { AnyMachineSnapshot } from 'xstate';
import type { Page } from '@playwright/test';
import { stepComplete } from '../../src/machines/modelWizard/modelWizard.draft.ts';
import { modelWizardText as t } from '../../src/screens/userflow/modelWizard/ModelWizard.messages.ts';
import { sourceFormText as f } from '../../src/screens/userflow/modelWizard/SourceForm.messages.ts';
import { commonMessages } from '../../src/i18n/common.messages.ts';
import { button, ctx, stepOf, type ModelWalk } from './modelWizardWalk.ts';
import { assertLeaves, expect, text, type StateAssertion } from './walk.ts';

type Assertion = StateAssertion<ModelWalk>;

const autosave = (page: Page) => page.getByTestId('autosave');
const stepUrl = (page: Page, state: AnyMachineSnapshot) =>
  expect(page).toHaveURL(new RegExp(`/userflow/models/\\d+/${stepOf(state)}(/file)?$`));
const loading = async (page: Page, message: Parameters<typeof text>[0]) =>
  expect(button(page, message)).toHaveAttribute('data-loading', 'true');

/** Next is on exactly when the step has what the next one needs. */
async function nextButton(page: Page, state: AnyMachineSnapshot) {
  await expect(button(page, t.next)).toBeEnabled({ enabled: state.can({ type: 'wizard.next' }) });
}

/** The wizard errors said where they belong, each only when it is the machine's. */
async function errorsShown(page: Page, state: AnyMachineSnapshot, error: 'testFailed' | 'matchFailed' | 'trainFailed') {
  await expect(page.getByText(text(t[error]))).toHaveCount(ctx(state).error === error ? 1 : 0);
}

/** Per leaf state of the wizard machine, what the user sees. */
export const stateAssertions: Record<string, Assertion> = {
  'modelWizard.loading': async (page) => {
    await expect(page.getByText(text(t.loading))).toBeVisible();
  },
  'modelWizard.loadFailed': async (page) => {
    await expect(page.getByRole('alert').filter({ hasText: text(t.loadFailed) })).toBeVisible();
    await expect(button(page, commonMessages.retry)).toBeEnabled();
  },
  'modelWizard.ready.steps.step-0': async (page, state, walk) => {
    await stepUrl(page, state);
    const { draft, fieldErrors } = ctx(state);
    await expect(page.getByLabel(text(t.name))).toHaveValue(draft.name);
    await expect(page.getByLabel(text(t.question))).toHaveValue(walk.ui.question);
    if (fieldErrors.name) await expect(page.getByText(fieldErrors.name)).toBeVisible();
    await nextButton(page, state);
  },
  'modelWizard.ready.steps.step-1.idle': async (page, state) => {
    await stepUrl(page, state);
    const { preview, testRefusal, draft } = ctx(state);
    await expect(page.getByTestId('source-preview')).toHaveCount(preview ? 1 : 0);
    if (preview) await expect(page.getByTestId('source-preview').getByRole('row')).toHaveCount(1 + preview.rows.length);
    const refusal = page.getByRole('alert').filter({ hasText: text(f.refusedTitle) });
    await expect(refusal).toHaveCount(testRefusal ? 1 : 0);
    if (testRefusal) {
      await expect(refusal).toHaveAttribute('data-code', testRefusal.code);
      if (testRefusal.detail) await expect(refusal).toContainText(testRefusal.detail);
    }
    await errorsShown(page, state, 'testFailed');
    if (draft.sourceKind === 'file' && draft.sourceConfig.fileName)
      await expect(page.getByText(text(t.fileChosen, { name: draft.sourceConfig.fileName }))).toBeVisible();
    if (draft.sourceKind && draft.sourceKind !== 'file') await expect(button(page, t.test)).toBeEnabled();
    await nextButton(page, state);
  },
  'modelWizard.ready.steps.step-1.uploading': async (page) => {
    await expect(page.getByRole('status').filter({ hasText: text(t.testing) })).toBeVisible();
    await expect(page.getByTestId('source-file')).toBeDisabled();
    await expect(button(page, t.next)).toBeDisabled();
  },
  'modelWizard.ready.steps.step-1.testing': async (page, state) => {
    await expect(page.getByRole('status').filter({ hasText: text(t.testing) })).toBeVisible();
    if (ctx(state).draft.sourceKind !== 'file') await loading(page, t.test);
    await expect(button(page, t.next)).toBeDisabled();
  },
  'modelWizard.ready.steps.step-2.idle': async (page, state) => {
    await stepUrl(page, state);
    const { draft, matchRate } = ctx(state);
    await expect(page.getByRole('combobox', { name: text(t.identity) })).toHaveValue(draft.identityColumn ?? '');
    await expect(page.getByRole('combobox', { name: text(t.target) })).toHaveValue(draft.targetColumn ?? '');
    const visits = draft.features.find((x) => x.name === 'visits');
    if (visits)
      await expect(page.getByLabel(text(t.featureUse, { name: 'visits' }))).toBeChecked({ checked: visits.enabled });
    if (matchRate)
      await expect(page.getByTestId('match-rate')).toHaveText(
        text(t.matchRate, { rate: matchRate.rate, matched: matchRate.matched, rows: matchRate.rows }),
      );
    await errorsShown(page, state, 'matchFailed');
    await expect(button(page, t.matchCheck)).toBeEnabled({ enabled: state.can({ type: 'match.check' }) });
    await nextButton(page, state);
  },
  'modelWizard.ready.steps.step-2.matching': async (page) => {
    await loading(page, t.matchCheck);
  },
  'modelWizard.ready.steps.step-3.idle': async (page, state) => {
    await stepUrl(page, state);
    const { result, trainError, threshold } = ctx(state);
    await expect(page.getByTestId('training-progress')).toHaveCount(0);
    await expect(page.getByTestId('training-result')).toHaveCount(result ? 1 : 0);
    if (result?.predictionType === 'probability')
      await expect(page.getByText(text(t.threshold, { value: threshold }), { exact: true })).toBeVisible();
    const refused = page.getByRole('alert').filter({ hasText: text(t.trainRefused) });
    await expect(refused).toHaveCount(trainError ? 1 : 0);
    if (trainError) await expect(refused).toHaveAttribute('data-code', trainError);
    await errorsShown(page, state, 'trainFailed');
    await expect(button(page, result ? t.retrain : t.train)).toBeEnabled({
      enabled: state.can({ type: 'training.start' }),
    });
    await nextButton(page, state);
  },
  'modelWizard.ready.steps.step-3.starting': async (page) => {
    await expect(page.getByTestId('training-progress')).toBeVisible();
    await expect(page.getByTestId('training-progress')).toHaveAttribute('data-stage', '');
  },
  'modelWizard.ready.steps.step-3.running': async (page, state) => {
    const { stage, progress } = ctx(state);
    await expect(page.getByTestId('training-progress')).toHaveAttribute('data-stage', stage ?? '');
    const bar = page.getByRole('progressbar', { name: text(t.training) });
    await expect(bar).toHaveAttribute('aria-valuenow', String(Math.round(progress * 100)));
    await expect(button(page, t.back)).toBeDisabled();
  },
  'modelWizard.ready.steps.step-3.fetching': async (page) => {
    await expect(page.getByTestId('training-progress')).toBeVisible();
    await expect(page.getByTestId('training-result')).toHaveCount(0);
  },
  'modelWizard.ready.steps.step-4.idle': async (page, state, walk) => {
    await stepUrl(page, state);
    const { fieldErrors } = ctx(state);
    await expect(page.getByLabel(text(t.attribute))).toHaveValue(walk.ui.attribute);
    if (fieldErrors.attribute) await expect(page.getByText(fieldErrors.attribute)).toBeVisible();
    await expect(page.getByText(text(t.finishFailed))).toHaveCount(ctx(state).error === 'finishFailed' ? 1 : 0);
    await expect(button(page, t.finish)).toBeEnabled({ enabled: stepComplete(ctx(state), 'step-4') });
  },
  'modelWizard.ready.steps.step-4.finishing': async (page) => {
    await loading(page, t.finish);
  },
  'modelWizard.ready.autosave.idle': async (page, state) => {
    // Nothing left to save, unless the server refused the last save (or the finish) with field errors.
    const refused = Object.keys(ctx(state).fieldErrors).length > 0;
    await expect(autosave(page)).toHaveAttribute('data-state', refused ? 'invalid' : 'saved');
    await expect(autosave(page)).toHaveText(text(refused ? t.invalid : t.saved));
  },
  'modelWizard.ready.autosave.debouncing': async (page) => {
    await expect(autosave(page)).toHaveAttribute('data-state', 'dirty');
    await expect(autosave(page)).toHaveText(text(t.unsaved));
  },
  'modelWizard.ready.autosave.saving': async (page) => {
    await expect(autosave(page)).toHaveAttribute('data-state', 'saving');
    await expect(autosave(page)).toHaveText(text(t.saving));
  },
  'modelWizard.ready.autosave.failed': async (page) => {
    await expect(autosave(page)).toContainText(text(t.saveFailed));
    await expect(button(page, t.retrySave)).toBeEnabled();
  },
  'modelWizard.finished': async (page) => {
    await expect(page).toHaveURL(/\/userflow$/);
  },
};

export async function assertState(walk: ModelWalk, state: AnyMachineSnapshot): Promise<void> {
  await assertLeaves(stateAssertions, walk.page, state, walk);
}
