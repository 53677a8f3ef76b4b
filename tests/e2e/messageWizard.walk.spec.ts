import { settleableStateIds } from '../model/graph.ts';
import { messageWizardModel } from '../model/messageWizard.model.ts';
import { expect, signedInTest } from './walk.ts';
import { assertState, stateAssertions } from './messageWizardStates.ts';
import {
  expectedHeld,
  leaveAndStay,
  orphanedBy,
  perform,
  planPath,
  selectWalk,
  WIZARD_URL,
  wizardNetwork,
  type WizardWalk,
} from './messageWizardWalk.ts';

/**
 * The message wizard machine walked path by path in Chromium: the generated paths the browser can make, less prefixes,
 * reduced to the fewest that still reach every state, every combination of its regions and every defined transition.
 * One owner per worker logs in once; each test reuses the stored session.
 */
const test = signedInTest('wizard-walk');

const selection = selectWalk();
console.log(
  `message wizard walk: ${selection.generated} generated paths, ${selection.realizable} the browser can make, ` +
    `${selection.withoutPrefixes} without prefixes, ${selection.walked.length} walked ` +
    `(${selection.walked.reduce((n, p) => n + p.steps.length, 0)} steps); ` +
    `${selection.unwalkedTransitions.length} defined transitions not walked; ` +
    `${selection.walkedValues} of the ${selection.generatedValues} state values the generated paths reach`,
);

test.describe('message wizard machine: generated paths', () => {
  // A path drives the page's paused clock through dialog animations; on a loaded CI host a close can need one more
  // frame than the step gives it. A path is walked again (up to twice) before it counts as failed.
  test.describe.configure({ retries: 2 });

  test('every settleable state has a UI assertion, and the walk takes every transition of the machine', () => {
    expect(settleableStateIds(messageWizardModel).filter((id) => !stateAssertions[id])).toEqual([]);
    expect(selection.unwalkedTransitions).toEqual([]);
  });

  for (const path of selection.walked) {
    test(path.name, async ({ page }) => {
      const plan = planPath(path);
      if ('reason' in plan) throw new Error(plan.reason);
      const net = wizardNetwork();
      await net.install(page);
      await page.clock.install();
      await page.goto(WIZARD_URL);
      const walk: WizardWalk = { page, net, step: null, schedule: 'now' };
      await assertState(walk, path.initial);
      // From here the wizard's debounces run only when a step runs the clock.
      // (A few seconds ahead of the page's clock, which keeps running while this is sent.)
      await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 5_000);
      for (const step of plan.steps) {
        await perform(walk, step);
        for (const operation of orphanedBy(step)) await (await net.take(operation)).abort('failed');
        await assertState(walk, step.after);
        await expect.poll(() => net.waiting.sort()).toEqual(expectedHeld(step.after));
        if (step.leaveCheck) await leaveAndStay(walk);
      }
    });
  }
});
