import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { describeModel } from '../../../tests/model/describeModel.ts';
import {
  senderFormModel,
  senderSettingsModel,
  senderSettingsOutputFixtures as o,
} from '../../../tests/model/senderSettings.model.ts';
import { senderFormMachine } from './senderForm.machine.ts';
import { formValuesOf, senderBody } from './senderFormValues.ts';
import type { SenderFormRef } from './senderSettings.selectors.ts';
import { senderSettingsMachine, type SaveSenderOutcome, type SenderFormValues } from './senderSettings.machine.ts';

describeModel(senderSettingsModel);
describeModel(senderFormModel);

describe('sender settings at runtime', () => {
  it('opens the form, saves through it, and reloads the list', async () => {
    let loads = 0;
    const sent: SenderFormValues[] = [];
    const outcomes: SaveSenderOutcome[] = [o.saveSender.rejected, o.saveSender.saved];
    const form = senderFormMachine.provide({
      actors: {
        saveSender: fromPromise(async ({ input }: { input: { senderId: number | null; values: SenderFormValues } }) => {
          sent.push(input.values);
          return outcomes.shift()!;
        }),
      },
    });
    const actor = createActor(
      senderSettingsMachine.provide({
        actors: {
          senderForm: form,
          loadSenderSettings: fromPromise(async () => {
            loads += 1;
            return o.loadSenderSettings.loaded;
          }),
        },
      }),
    ).start();
    await waitFor(actor, (s) => s.matches('ready'));
    actor.send({ type: 'sender.add' });
    const child = actor.getSnapshot().children.senderForm as SenderFormRef;
    child.send({ type: 'form.change', field: 'address', value: 'taken@shop.example' });
    child.send({ type: 'form.submit' });
    await waitFor(child, (s) => s.matches('editing') && Object.keys(s.context.fieldErrors).length > 0);
    expect(child.getSnapshot().context.fieldErrors).toEqual({ address: 'addressTaken' });
    child.send({ type: 'form.change', field: 'address', value: 'news@shop.example' });
    expect(child.getSnapshot().context.fieldErrors.address).toBeUndefined();
    child.send({ type: 'form.submit' });
    await waitFor(actor, (s) => s.matches('ready') && s.context.notice === 'saved');
    expect(loads).toBe(2);
    expect(sent.map((v) => v.address)).toEqual(['taken@shop.example', 'news@shop.example']);
  });
});

describe('the form body', () => {
  it('sends the spec’s warm-up defaults for a new sender and leaves an unchanged relay out on edit', () => {
    const values = formValuesOf(null);
    expect(values).toMatchObject({ warmupEnabled: false, warmupInitial: 3000, warmupIncreasePct: 15 });
    const body = senderBody({ ...values, name: 'N', address: 'n@x.example' }, false);
    expect(body).toEqual({
      name: 'N',
      address: 'n@x.example',
      replyTo: null,
      relayUrl: null,
      ratePerMinute: null,
      warmup: { enabled: false, startedOn: null, initial: 3000, increasePct: 15 },
    });
    expect('relayUrl' in senderBody(values, true)).toBe(false);
    expect(senderBody({ ...values, relayUrl: 'smtp://r.example' }, true).relayUrl).toBe('smtp://r.example');
  });
});
