import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { describeModel } from '../../../tests/model/describeModel.ts';
import { auditLogModel, auditLogOutputFixtures } from '../../../tests/model/auditLog.model.ts';
import { auditCsv, auditQuery } from './auditLog.query.ts';
import { auditLogMachine, type AuditFilters, type AuditPage } from './auditLog.machine.ts';

describeModel(auditLogModel);

const loaded = auditLogOutputFixtures.loadAuditPage.loaded;

describe('audit log at runtime', () => {
  it('new filters read page 1 again; a page number reads that page with the same filters', async () => {
    const reads: Array<{ filters: AuditFilters; page: number }> = [];
    const actor = createActor(
      auditLogMachine.provide({
        actors: {
          loadAuditPage: fromPromise<AuditPage, { filters: AuditFilters; page: number }>(async ({ input }) => {
            reads.push(input);
            return loaded;
          }),
        },
      }),
    ).start();
    await waitFor(actor, (s) => s.matches('ready'));
    actor.send({ type: 'audit.page', page: 3 });
    await waitFor(actor, (s) => s.matches('ready'));
    const filters: AuditFilters = { event: 'login.failed', userId: null, from: '2026-01-01', to: null };
    actor.send({ type: 'audit.filter', filters });
    await waitFor(actor, (s) => s.matches('ready'));
    expect(reads.map((r) => [r.filters.event, r.page])).toEqual([
      [null, 1],
      [null, 3],
      ['login.failed', 1],
    ]);
  });

  it('the date range covers whole days: "to" ends where the next day starts', () => {
    const query = auditQuery({ event: null, userId: null, from: '2026-03-01', to: '2026-03-01' });
    expect(new Date(query.to!).getTime() - new Date(query.from!).getTime()).toBe(24 * 60 * 60 * 1000);
    expect(auditQuery({ event: null, userId: null, from: null, to: null })).toEqual({});
  });

  it('exports one CSV row per entry that a CSV reader reads back', () => {
    const csv = auditCsv(loaded.entries);
    const parsed = Papa.parse<Record<string, string>>(csv, { header: true });
    expect(parsed.data).toEqual([
      {
        time: '2026-01-02T10:00:00.000Z',
        event: 'member.removed',
        member: 'Ada Lovelace',
        email: 'ada@acme.test',
        address: '203.0.113.9',
        details: '{"email":"grace@acme.test"}',
      },
    ]);
  });
});
