import { describe, expect, it } from 'vitest';
import { spendingByDay } from '../../src/machines/billing/billing.spending.ts';
import type { LedgerEntry } from '../../src/machines/billing/billing.types.ts';
import { billingModel } from './billing.model.ts';
import { describeModel } from './describeModel.ts';
import type { MachineModel } from './graph.ts';

// The billing page's graph: every state reached and every transition walked (STYLE.md).
describeModel(billingModel as MachineModel);

describe('spendingByDay', () => {
  const entry = (createdAt: string, amount: number, channel: LedgerEntry['channel'] = 'email'): LedgerEntry => ({
    id: 1,
    channel,
    kind: amount < 0 ? 'send' : 'grant',
    amount,
    balanceAfter: 0,
    messageId: null,
    quantity: null,
    reason: null,
    createdAt,
  });

  it('sums the month’s debits per day and channel, leaving out credits and last month', () => {
    const days = spendingByDay(
      [
        entry('2026-03-02T08:00:00Z', -3),
        entry('2026-03-02T20:00:00Z', -4),
        entry('2026-03-03T10:00:00Z', -5, 'sms'),
        entry('2026-03-02T09:00:00Z', 100),
        entry('2026-02-28T23:59:59Z', -9),
      ],
      new Date('2026-03-04T12:00:00Z'),
    );
    expect(days.map((d) => d.day)).toEqual(['2026-03-01', '2026-03-02', '2026-03-03', '2026-03-04']);
    expect(days[1]).toEqual({ day: '2026-03-02', email: 7, sms: 0, whatsapp: 0 });
    expect(days[2]).toEqual({ day: '2026-03-03', email: 0, sms: 5, whatsapp: 0 });
    expect(days[0]).toEqual({ day: '2026-03-01', email: 0, sms: 0, whatsapp: 0 });
  });
});
