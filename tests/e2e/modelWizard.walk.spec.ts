import { settleableStateIds } from '../model/graph.ts';
import { modelWizardModel } from '../model/modelWizard.model.ts';
import { expect, signedInTest } from './walk.ts';
import { assertState, stateAssertions } from './modelWizardStates.ts';
import {
  expectedHeld,
  orphanedBy,
  perform,
  planPath,
  reloadAndCompare,
  selectWalk,
  startWalk,
} from './modelWizardWalk.ts';

/**
 * The model wizard machine walked path by path in Chromium: the generated paths the browser can make, less prefixes,
 * reduced to the fewest that still reach every state and take every defined transition. The wizard's requests for
 * its model are held and answered by the walk (success, a refusal in words, a network failure); training progress
 * arrives as realtime frames on the page's socket.io connection. One owner per worker logs in once; each test reuses
 * the stored session.
 */
const test = signedInTest('model-walk');

const started = Date.now();
const selection = selectWalk();
console.log(
  `model wizard walk: ${selection.generated} generated paths, ${selection.realizable} the browser can make, ` +
    `${selection.withoutPrefixes} without prefixes, ${selection.walked.length} walked ` +
    `(${selection.walked.reduce((n, p) => n + p.steps.length, 0)} steps); ` +
    `${selection.unwalkedTransitions.length} of ${selection.definedTransitions} defined transitions not walked; ` +
    `${selection.reloadedOn.size} end with a reload; ` +
    `selected in ${Date.now() - started} ms`,
);

test.describe('model wizard machine: generated paths', () => {
  test('every settleable state has a UI assertion, and the walk takes every transition of the machine', () => {
    expect(settleableStateIds(modelWizardModel).filter((id) => !stateAssertions[id])).toEqual([]);
    expect(selection.unwalkedTransitions).toEqual([]);
  });

  for (const path of selection.walked) {
    test(path.name, async ({ page }) => {
      const plan = planPath(path);
      if ('reason' in plan) throw new Error(plan.reason);
      const walk = await startWalk(page);
      await page.clock.install();
      await page.goto(plan.url);
      await assertState(walk, path.initial);
      // From here the autosave debounce runs only when a step runs the clock.
      // (A few seconds ahead of the page's clock, which keeps running while this is sent.)
      await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 5_000);
      for (const [i, step] of plan.steps.entries()) {
        await perform(walk, step);
        for (const operation of orphanedBy(step)) await (await walk.net.take(operation)).abort('failed');
        // A step the page's URL makes follows the load at once: the state between them is never on screen.
        if (plan.steps[i + 1]?.byUrl) continue;
        await assertState(walk, step.after);
        await expect
          .poll(() => walk.net.waiting.sort(), { intervals: [25, 50, 100, 250] })
          .toEqual(expectedHeld(step.after));
      }
      if (selection.reloadedOn.has(path)) await reloadAndCompare(walk, plan.steps.at(-1)!.after);
    });
  }
});
