import type { OutputFrom } from 'xstate';
import type * as passwordResetActors from '../../src/machines/passwordReset/passwordReset.actors.ts';
import type * as passwordResetRequestActors from '../../src/machines/passwordResetRequest/passwordResetRequest.actors.ts';
import {
  passwordResetMachine,
  type PasswordResetEvent,
  type ResetOutcome,
} from '../../src/machines/passwordReset/passwordReset.machine.ts';
import {
  passwordResetRequestMachine,
  type PasswordResetRequestEvent,
} from '../../src/machines/passwordResetRequest/passwordResetRequest.machine.ts';
import { done, failed, type MachineModel, type ModelEvent } from './graph.ts';

export const passwordResetRequestEventFixtures = {
  'request.submit': [
    { type: 'request.submit', email: 'ada@example.com' },
    { type: 'request.submit', email: 'ada' },
  ],
  'request.restart': [{ type: 'request.restart' }],
} satisfies { [K in PasswordResetRequestEvent['type']]: Array<Extract<PasswordResetRequestEvent, { type: K }>> };

export const passwordResetRequestOutputFixtures = {
  requestReset: { accepted: undefined },
} satisfies {
  [K in keyof typeof passwordResetRequestActors]: Record<string, OutputFrom<(typeof passwordResetRequestActors)[K]>>;
};

export const passwordResetRequestModel: MachineModel<undefined> = {
  name: 'passwordResetRequest',
  machine: passwordResetRequestMachine,
  inputs: { none: undefined },
  events: [
    ...Object.values(passwordResetRequestEventFixtures).flat(),
    done('requestReset', undefined, 'accepted'),
    failed('requestReset'),
  ] as ModelEvent[],
};

export const passwordResetEventFixtures = {
  'reset.submit': [
    { type: 'reset.submit', password: 'new-secret', passwordConfirmation: 'new-secret' },
    { type: 'reset.submit', password: 'new-secret', passwordConfirmation: 'other' },
  ],
} satisfies { [K in PasswordResetEvent['type']]: Array<Extract<PasswordResetEvent, { type: K }>> };

export const passwordResetOutputFixtures = {
  resetPassword: {
    reset: { kind: 'reset' },
    linkExpired: { kind: 'linkExpired' },
    rejected: { kind: 'rejected', fieldErrors: { password: 'Password is too common.' } },
  } satisfies { [K in ResetOutcome['kind']]: Extract<ResetOutcome, { kind: K }> },
} satisfies { [K in keyof typeof passwordResetActors]: Record<string, OutputFrom<(typeof passwordResetActors)[K]>> };

const o = passwordResetOutputFixtures.resetPassword;

export const passwordResetModel: MachineModel<{ token: string | null }> = {
  name: 'passwordReset',
  machine: passwordResetMachine,
  inputs: { withToken: { token: 'reset-token-0123456789abcdef' }, withoutToken: { token: null } },
  events: [
    ...Object.values(passwordResetEventFixtures).flat(),
    done('resetPassword', o.reset, 'reset'),
    done('resetPassword', o.linkExpired, 'linkExpired'),
    done('resetPassword', o.rejected, 'rejected'),
    failed('resetPassword'),
  ] as ModelEvent[],
  transient: ['passwordReset.starting'],
};
