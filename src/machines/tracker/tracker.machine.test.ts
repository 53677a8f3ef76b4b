import { describe, expect, it } from 'vitest';
import { createActor, fromCallback, fromPromise, waitFor } from 'xstate';
import { describeModel } from '../../../tests/model/describeModel.ts';
import { trackerModel, trackerOutputFixtures as o } from '../../../tests/model/tracker.model.ts';
import { countIn, trackerMachine, type TrackerEvent, type TrackerOverview } from './tracker.machine.ts';

describeModel(trackerModel);

describe('tracker machine', () => {
  it('lists live events of its own site newest first and counts them into their day', async () => {
    let push: ((event: TrackerEvent) => void) | undefined;
    const actor = createActor(
      trackerMachine.provide({
        actors: {
          loadTracker: fromPromise<TrackerOverview>(async () => o.loadTracker.withSite),
          watchTracker: fromCallback<TrackerEvent>(({ sendBack }) => {
            push = sendBack;
          }),
        },
      }),
    ).start();
    await waitFor(actor, (s) => s.matches('ready'));
    const base = { siteId: 1, visitorId: 'v', contactId: null, name: null, url: null, path: '/x', referrer: null };
    const at = '2026-11-26T11:00:00.000Z';
    const first = {
      ...base,
      id: 1,
      type: 'page_view' as const,
      properties: {},
      uaClass: 'mobile' as const,
      receivedAt: at,
    };
    const second = { ...first, id: 2, type: 'event' as const, name: 'buy' };
    push!({ type: 'tracker.received', siteId: 1, events: [first, second] });
    push!({ type: 'tracker.received', siteId: 9, events: [{ ...first, siteId: 9 }] });
    expect(actor.getSnapshot().context.events.map((e) => e.id)).toEqual([2, 1]);
    expect(actor.getSnapshot().context.days).toEqual([{ day: '2026-11-26', pageViews: 1, events: 1, identifies: 0 }]);
    actor.stop();
  });

  it('counts nothing for a day the chart does not show', () => {
    const days = [{ day: '2026-11-25', pageViews: 0, events: 0, identifies: 0 }];
    expect(countIn(days, [{ type: 'identify', receivedAt: '2026-11-26T00:00:00Z' } as never])).toEqual(days);
  });
});
