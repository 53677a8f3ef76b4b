import type { OutputFrom } from 'xstate';
import type * as auditLogActors from '../../src/machines/auditLog/auditLog.actors.ts';
import { auditLogMachine, type AuditLogEvent } from '../../src/machines/auditLog/auditLog.machine.ts';
import { done, failed, type MachineModel, type ModelEvent } from './graph.ts';

export const auditLogEventFixtures = {
  'audit.filter': [
    {
      type: 'audit.filter',
      filters: { event: 'member.removed', userId: null, from: '2026-01-01', to: '2026-01-31' },
    },
  ],
  'audit.page': [{ type: 'audit.page', page: 2 }],
  'audit.retry': [{ type: 'audit.retry' }],
  'audit.export': [{ type: 'audit.export' }],
} satisfies { [K in AuditLogEvent['type']]: Array<Extract<AuditLogEvent, { type: K }>> };

export const auditLogOutputFixtures = {
  loadAuditPage: {
    loaded: {
      entries: [
        {
          id: 1,
          event: 'member.removed',
          user: { id: '00000000-0000-4000-8000-000000000001', name: 'Ada Lovelace', email: 'ada@acme.test' },
          ip: '203.0.113.9',
          details: { email: 'grace@acme.test' },
          createdAt: '2026-01-02T10:00:00.000Z',
        },
      ],
      pagination: { page: 1, perPage: 50, total: 1, pages: 1 },
      members: [],
    },
  },
  exportAuditLog: { saved: undefined },
} satisfies { [K in keyof typeof auditLogActors]: Record<string, OutputFrom<(typeof auditLogActors)[K]>> };

export const auditLogModel: MachineModel<undefined> = {
  name: 'auditLog',
  machine: auditLogMachine,
  inputs: { none: undefined },
  events: [
    ...Object.values(auditLogEventFixtures).flat(),
    done('loadAuditPage', auditLogOutputFixtures.loadAuditPage.loaded, 'loaded'),
    failed('loadAuditPage'),
    done('exportAuditLog', undefined, 'saved'),
    failed('exportAuditLog'),
  ] as ModelEvent[],
};
