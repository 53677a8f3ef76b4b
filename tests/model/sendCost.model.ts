import { sendCostMachine, type SendCost, type SendCostInput } from '../../src/machines/sendCost/sendCost.machine.ts';
import { done, failed, type MachineModel, type ModelEvent } from './graph.ts';

const enough: SendCost = { enabled: true, cost: 118, balance: 1000, enough: true };
const short: SendCost = { enabled: true, cost: 118, balance: 40, enough: false };

/** The wizard's cost line: counted recipients estimated, enough or short, a failed estimate retried. */
export const sendCostModel: MachineModel<SendCostInput> = {
  name: 'sendCost',
  machine: sendCostMachine,
  inputs: { counted: { channel: 'email', recipients: 118 }, uncounted: { channel: 'email', recipients: null } },
  events: [
    { type: 'recipients.set', recipients: 118 },
    { type: 'recipients.set', recipients: null },
    { type: 'estimate.retry' },
    done('estimateCost', enough, 'enough'),
    done('estimateCost', short, 'short'),
    failed('estimateCost'),
  ] as ModelEvent[],
  transient: ['sendCost.starting'],
  serializeState: (s) =>
    JSON.stringify({ value: s.value, recipients: s.context.recipients, enough: s.context.estimate?.enough ?? null }),
};
