import type { OutputFrom } from 'xstate';
import type * as emailConfirmActors from '../../src/machines/emailConfirm/emailConfirm.actors.ts';
import {
  emailConfirmMachine,
  type ConfirmOutcome,
  type EmailConfirmEvent,
} from '../../src/machines/emailConfirm/emailConfirm.machine.ts';
import { done, failed, type MachineModel, type ModelEvent } from './graph.ts';

export const emailConfirmEventFixtures = {
  'confirm.retry': [{ type: 'confirm.retry' }],
} satisfies { [K in EmailConfirmEvent['type']]: Array<Extract<EmailConfirmEvent, { type: K }>> };

export const emailConfirmOutputFixtures = {
  confirmEmailChange: {
    confirmed: { kind: 'confirmed', email: 'ada.new@example.com' },
    linkExpired: { kind: 'linkExpired' },
  } satisfies { [K in ConfirmOutcome['kind']]: Extract<ConfirmOutcome, { kind: K }> },
} satisfies { [K in keyof typeof emailConfirmActors]: Record<string, OutputFrom<(typeof emailConfirmActors)[K]>> };

const o = emailConfirmOutputFixtures.confirmEmailChange;

export const emailConfirmModel: MachineModel<{ token: string | null }> = {
  name: 'emailConfirm',
  machine: emailConfirmMachine,
  inputs: { withToken: { token: 'email-token-0123456789abcdef' }, withoutToken: { token: null } },
  events: [
    ...Object.values(emailConfirmEventFixtures).flat(),
    done('confirmEmailChange', o.confirmed, 'confirmed'),
    done('confirmEmailChange', o.linkExpired, 'linkExpired'),
    failed('confirmEmailChange'),
  ] as ModelEvent[],
  transient: ['emailConfirm.starting'],
};
