import { test, expect } from '@playwright/test';
import { generatePaths, settleableStateIds } from '../model/graph.ts';
import { sessionModel } from '../model/session.model.ts';
import { assertState, pathUnrealizable, perform, SessionNetwork, stateAssertions } from './sessionWalk.ts';

const paths = generatePaths(sessionModel);

test.describe('session machine: generated paths', () => {
  test('every settleable state has a UI assertion', () => {
    expect(settleableStateIds(sessionModel).filter((id) => !stateAssertions[id])).toEqual([]);
  });

  for (const path of paths) {
    test(path.name, async ({ page }) => {
      const reason = pathUnrealizable(path);
      test.skip(reason !== null, reason ?? '');
      const net = new SessionNetwork();
      await net.install(page);
      if (path.input === 'anonymous') {
        await page.goto('/login?redirect=%2Fcontacts');
        await assertState(page, path.initial);
      }
      let before = path.initial;
      for (const step of path.steps) {
        await perform({ page, net, input: path.input }, before, step.event);
        await assertState(page, step.state);
        before = step.state;
      }
    });
  }
});
