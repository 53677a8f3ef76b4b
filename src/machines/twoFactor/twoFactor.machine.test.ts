import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { describeModel } from '../../../tests/model/describeModel.ts';
import { twoFactorModel, twoFactorOutputFixtures } from '../../../tests/model/twoFactor.model.ts';
import { twoFactorMachine, type CodeOutcome, type EnableOutcome, type TwoFactorStatus } from './twoFactor.machine.ts';

describeModel(twoFactorModel);

describe('two-factor machine at runtime', () => {
  const o = twoFactorOutputFixtures;

  it('enables 2FA: QR, code, recovery codes shown once, then enabled', async () => {
    const outcomes: EnableOutcome[] = [o.enable.rejected, o.enable.enabled];
    const actor = createActor(
      twoFactorMachine.provide({
        actors: {
          loadStatus: fromPromise<TwoFactorStatus>(async () => o.loadStatus.disabled),
          startSetup: fromPromise(async () => o.startSetup.secret),
          enable: fromPromise(async () => outcomes.shift() ?? o.enable.rejected),
        },
      }),
    ).start();
    await waitFor(actor, (s) => s.matches('disabled'));
    actor.send({ type: 'setup.start' });
    await waitFor(actor, (s) => s.matches('scanning'));
    expect(actor.getSnapshot().context.setup?.qrCode).toMatch(/^data:image\/png/);
    actor.send({ type: 'enable.submit', code: '12' });
    expect(actor.getSnapshot().context.codeIssue).toBe('invalid');
    actor.send({ type: 'enable.submit', code: '123 456' });
    await waitFor(actor, (s) => s.matches('scanning') && s.context.error === 'verifyFailed');
    actor.send({ type: 'enable.submit', code: '123456' });
    await waitFor(actor, (s) => s.matches('showingCodes'));
    expect(actor.getSnapshot().context.recoveryCodes).toEqual(['aaaaa-bbbbb', 'ccccc-ddddd']);
    actor.send({ type: 'codes.acknowledge' });
    expect(actor.getSnapshot().value).toBe('enabled');
    expect(actor.getSnapshot().context.recoveryCodes).toEqual([]);
    expect(actor.getSnapshot().context.setup).toBeNull();
  });

  it('reports a failed disable call as disableFailed', async () => {
    const actor = createActor(
      twoFactorMachine.provide({
        actors: {
          loadStatus: fromPromise<TwoFactorStatus>(async () => o.loadStatus.enabled),
          disable: fromPromise<CodeOutcome, { code: string }>(async () => {
            throw new Error('network');
          }),
        },
      }),
    ).start();
    await waitFor(actor, (s) => s.matches('enabled'));
    actor.send({ type: 'disable.start' });
    actor.send({ type: 'disable.submit', code: '654321' });
    await waitFor(actor, (s) => s.matches('confirmingDisable') && s.context.error === 'disableFailed');
  });
});
