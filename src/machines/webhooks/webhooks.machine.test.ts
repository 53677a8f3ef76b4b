import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { describeModel } from '../../../tests/model/describeModel.ts';
import {
  webhookEndpointsModel,
  webhookLogModel,
  webhookSecretModel,
  webhooksOutputFixtures as o,
} from '../../../tests/model/webhooks.model.ts';
import { endpointFieldErrors } from './webhooks.actors.ts';
import {
  webhookEndpointsMachine,
  type LogActionOutcome,
  type SaveEndpointOutcome,
  type WebhookEndpoint,
} from './webhookEndpoints.machine.ts';
import { webhookLogMachine } from './webhookLog.machine.ts';
import type { LogData } from './webhooks.types.ts';
import { FIELD_TEXTS } from '../../../shared/fieldTexts.ts';
import { WEBHOOK_TEXTS } from '../../../shared/webhooks.ts';

describeModel(webhookEndpointsModel);
describeModel(webhookLogModel);
describeModel(webhookSecretModel);

describe('webhook machines', () => {
  it('maps the server texts to field codes, keeping a refusal reason', () => {
    expect(endpointFieldErrors({ url: FIELD_TEXTS.urlRequired, eventTypes: WEBHOOK_TEXTS.eventTypesRequired })).toEqual(
      { url: 'urlRequired', eventTypes: 'eventTypesRequired' },
    );
    expect(endpointFieldErrors({ url: 'Refused: private address 10.0.0.1' })).toEqual({
      url: 'urlRefused',
      urlReason: 'Refused: private address 10.0.0.1',
    });
  });

  it('keeps the form open with field codes on a 422, and selects a saved endpoint', async () => {
    let outcome: SaveEndpointOutcome = o.saveEndpoint.rejected;
    const actor = createActor(
      webhookEndpointsMachine.provide({
        actors: {
          loadEndpoints: fromPromise(async () => [] as WebhookEndpoint[]),
          saveEndpoint: fromPromise(async () => outcome),
        },
      }),
    ).start();
    await waitFor(actor, (s) => s.matches('ready'));
    actor.send({ type: 'endpoint.add' });
    actor.send({ type: 'form.submit' });
    await waitFor(actor, (s) => s.matches({ form: 'editing' }));
    expect(actor.getSnapshot().context.fieldErrors).toEqual({ url: 'urlRequired' });
    outcome = o.saveEndpoint.saved;
    actor.send({ type: 'form.submit' });
    await waitFor(actor, (s) => s.matches('ready'));
    expect(actor.getSnapshot().context).toMatchObject({ selectedId: 4, notice: 'saved' });
  });

  it('sends the filter with page 1 and reloads after an action, counting a replay', async () => {
    const asked: unknown[] = [];
    const actor = createActor(
      webhookLogMachine.provide({
        actors: {
          loadLog: fromPromise(async ({ input }) => {
            asked.push(input.filter);
            return o.loadLog.loaded;
          }),
          runLogAction: fromPromise(async (): Promise<LogActionOutcome> => o.runLogAction.done),
        },
      }),
      { input: { endpointId: 4 } },
    ).start();
    await waitFor(actor, (s) => s.matches('ready'));
    actor.send({ type: 'log.page', page: 2 });
    await waitFor(actor, (s) => s.matches('ready'));
    actor.send({ type: 'log.filter', status: 'failed', eventType: null });
    await waitFor(actor, (s) => s.matches('ready'));
    actor.send({ type: 'log.replay', since: '2026-01-01T00:00:00.000Z' });
    await waitFor(actor, (s) => s.matches('ready') && s.context.notice !== null);
    expect(asked.at(2)).toEqual({ status: 'failed', eventType: null, page: 1 });
    expect(asked).toHaveLength(4);
    expect(actor.getSnapshot().context).toMatchObject({ notice: 'replayed', replayed: 3 });
  });

  it('expands a row clicked while the page reloads, and keeps it expanded after', async () => {
    let answer: (data: LogData) => void = () => undefined;
    const actor = createActor(
      webhookLogMachine.provide({
        actors: { loadLog: fromPromise(() => new Promise<LogData>((resolve) => (answer = resolve))) },
      }),
      { input: { endpointId: 4 } },
    ).start();
    answer(o.loadLog.loaded);
    await waitFor(actor, (s) => s.matches('ready'));
    actor.send({ type: 'log.refresh' });
    expect(actor.getSnapshot().matches('loading')).toBe(true);
    actor.send({ type: 'delivery.toggle', deliveryId: 7 });
    expect(actor.getSnapshot().context.expandedId).toBe(7);
    answer(o.loadLog.loaded);
    await waitFor(actor, (s) => s.matches('ready'));
    expect(actor.getSnapshot().context.expandedId).toBe(7);
  });
});
