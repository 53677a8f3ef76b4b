import { createActor, fromCallback, fromPromise, waitFor } from 'xstate';
import { describe, expect, it } from 'vitest';
import { messageReportMachine, type ReportData } from './messageReport.machine.ts';
import type {
  CampaignRow,
  ExportRequest,
  MessageReportEvent,
  MessageReportInput as In,
} from './messageReport.types.ts';

const data = (patch: Partial<ReportData['summary']> = {}): ReportData => ({
  summary: {
    id: 7,
    channel: 'email',
    name: 'News',
    subject: null,
    status: 'sent',
    sentAt: '2026-11-20T10:00:00Z',
    finishedAt: null,
    recipients: 10,
    excluded: 0,
    delivered: 8,
    notDelivered: 2,
    opened: 3,
    openedMachine: 1,
    opens: 4,
    clicked: 1,
    clicks: 1,
    unsubscribed: 0,
    blocklisted: 0,
    bounced: 2,
    complained: 0,
    pending: { total: 0, queued: 0, deferred: 0, waiting: 0, paused: false },
    rates: { delivered: 0.8, opened: 0.375, clicked: 0.125, unsubscribed: 0, bounced: 0.2, complained: 0 },
    ...patch,
  },
  links: [],
  timeline: [],
});

function start(options: { reads?: ReportData[]; failRead?: boolean; resend?: 'ok' | 'fail' } = {}) {
  const reads = [...(options.reads ?? [data()])];
  let emit: ((event: MessageReportEvent) => void) | null = null;
  let readCount = 0;
  const actor = createActor(
    messageReportMachine.provide({
      actors: {
        readReport: fromPromise<ReportData, In>(async () => {
          readCount += 1;
          if (options.failRead) throw new Error('down');
          return reads.length > 1 ? reads.shift()! : reads[0]!;
        }),
        resendToNonOpeners: fromPromise<CampaignRow, In>(async () => {
          if (options.resend === 'fail') throw new Error('no');
          return { id: 99 } as CampaignRow;
        }),
        retryFailed: fromPromise<void, In>(async () => {
          throw new Error('not yet');
        }),
        exportRecipients: fromPromise<void, In & { request: ExportRequest }>(async () => undefined),
        watchMessages: fromCallback<MessageReportEvent>(({ sendBack }) => {
          emit = sendBack;
        }),
      },
    }),
    { input: { channel: 'email', messageId: 7 } },
  );
  actor.start();
  return { actor, emit: (e: MessageReportEvent) => emit!(e), reads: () => readCount };
}

describe('messageReport', () => {
  it('loads, then re-reads in place on its own realtime update only', async () => {
    const { actor, emit, reads } = start({ reads: [data(), data({ opened: 5 })] });
    await waitFor(actor, (s) => s.matches({ ready: 'idle' }));
    emit({ type: 'message.updated', messageId: 8 });
    expect(actor.getSnapshot().matches({ ready: 'idle' })).toBe(true);
    emit({ type: 'message.updated', messageId: 7 });
    expect(actor.getSnapshot().matches({ ready: 'refreshing' })).toBe(true);
    await waitFor(actor, (s) => s.matches({ ready: 'idle' }));
    expect(actor.getSnapshot().context.data?.summary.opened).toBe(5);
    expect(reads()).toBe(2);
  });

  it('fails visibly and reads again on retry', async () => {
    const { actor } = start({ failRead: true });
    await waitFor(actor, (s) => s.matches('failed'));
    expect(actor.getSnapshot().hasTag('error')).toBe(true);
    actor.send({ type: 'report.retry' });
    expect(actor.getSnapshot().matches('loading')).toBe(true);
  });

  it('resends to non-openers and ends with the new draft, or says it failed', async () => {
    const ok = start();
    await waitFor(ok.actor, (s) => s.matches({ ready: 'idle' }));
    ok.actor.send({ type: 'report.resend' });
    await waitFor(ok.actor, (s) => s.status === 'done');
    expect(ok.actor.getSnapshot().context.created).toBe(99);
    const bad = start({ resend: 'fail' });
    await waitFor(bad.actor, (s) => s.matches({ ready: 'idle' }));
    bad.actor.send({ type: 'report.resend' });
    await waitFor(bad.actor, (s) => s.context.actionError !== null);
    expect(bad.actor.getSnapshot().context.actionError).toBe('resendFailed');
  });

  it('offers resend only with non-openers and retry only with failed recipients', async () => {
    const { actor } = start({ reads: [data({ delivered: 3, opened: 3, notDelivered: 0 })] });
    await waitFor(actor, (s) => s.matches({ ready: 'idle' }));
    expect(actor.getSnapshot().can({ type: 'report.resend' })).toBe(false);
    expect(actor.getSnapshot().can({ type: 'report.retryFailed' })).toBe(false);
    const other = start();
    await waitFor(other.actor, (s) => s.matches({ ready: 'idle' }));
    other.actor.send({ type: 'report.retryFailed' });
    await waitFor(other.actor, (s) => s.context.actionError !== null);
    expect(other.actor.getSnapshot().context.actionError).toBe('retryFailed');
  });
});
