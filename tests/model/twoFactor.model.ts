import type { AnyMachineSnapshot, OutputFrom } from 'xstate';
import type * as twoFactorActors from '../../src/machines/twoFactor/twoFactor.actors.ts';
import {
  twoFactorMachine,
  type CodeOutcome,
  type EnableOutcome,
  type TwoFactorEvent,
} from '../../src/machines/twoFactor/twoFactor.machine.ts';
import { done, failed, type MachineModel, type ModelEvent } from './graph.ts';

export const twoFactorEventFixtures = {
  'status.retry': [{ type: 'status.retry' }],
  'setup.start': [{ type: 'setup.start' }],
  'setup.cancel': [{ type: 'setup.cancel' }],
  'enable.submit': [
    { type: 'enable.submit', code: '123456' },
    { type: 'enable.submit', code: '12' },
  ],
  'codes.acknowledge': [{ type: 'codes.acknowledge' }],
  'disable.start': [{ type: 'disable.start' }],
  'disable.cancel': [{ type: 'disable.cancel' }],
  'disable.submit': [
    { type: 'disable.submit', code: '654321' },
    { type: 'disable.submit', code: '' },
  ],
} satisfies { [K in TwoFactorEvent['type']]: Array<Extract<TwoFactorEvent, { type: K }>> };

export const twoFactorOutputFixtures = {
  loadStatus: { disabled: { enabled: false, recoveryCodesLeft: 0 }, enabled: { enabled: true, recoveryCodesLeft: 10 } },
  startSetup: {
    secret: {
      secret: 'JBSWY3DPEHPK3PXP',
      otpauthUri: 'otpauth://totp/Missiva:ada@example.com?secret=JBSWY3DPEHPK3PXP',
      qrCode: 'data:image/png;base64,iVBORw0KGgo=',
    },
  },
  enable: {
    enabled: { kind: 'enabled', recoveryCodes: ['aaaaa-bbbbb', 'ccccc-ddddd'] },
    rejected: { kind: 'rejected' },
  } satisfies { [K in EnableOutcome['kind']]: Extract<EnableOutcome, { kind: K }> },
  disable: {
    accepted: { kind: 'accepted' },
    rejected: { kind: 'rejected' },
  } satisfies { [K in CodeOutcome['kind']]: Extract<CodeOutcome, { kind: K }> },
} satisfies { [K in keyof typeof twoFactorActors]: Record<string, OutputFrom<(typeof twoFactorActors)[K]>> };

const o = twoFactorOutputFixtures;

export const twoFactorModel: MachineModel<undefined> = {
  name: 'twoFactor',
  machine: twoFactorMachine,
  inputs: { none: undefined },
  events: [
    ...Object.values(twoFactorEventFixtures).flat(),
    done('loadStatus', o.loadStatus.disabled, 'disabled'),
    done('loadStatus', o.loadStatus.enabled, 'enabled'),
    failed('loadStatus'),
    done('startSetup', o.startSetup.secret, 'secret'),
    failed('startSetup'),
    done('enable', o.enable.enabled, 'enabled'),
    done('enable', o.enable.rejected, 'rejected'),
    failed('enable'),
    done('disable', o.disable.accepted, 'accepted'),
    done('disable', o.disable.rejected, 'rejected'),
    failed('disable'),
  ] as ModelEvent[],
  serializeState: (s: AnyMachineSnapshot) =>
    JSON.stringify({ value: s.value, error: s.context.error, issue: s.context.codeIssue }),
};
