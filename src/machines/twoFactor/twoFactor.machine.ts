import { assign, setup } from 'xstate';
import { checkCode } from '../../app/validation.ts';
import { disable, enable, loadStatus, startSetup } from './twoFactor.actors.ts';
import type {
  TwoFactorStatus,
  TwoFactorSetup,
  EnableOutcome,
  CodeOutcome,
  TwoFactorError,
  TwoFactorContext,
  TwoFactorEvent,
} from './twoFactor.types.ts';

export type * from './twoFactor.types.ts';

/** The code typed with an enable or disable submit. */
const codeOf = ({ event }: { event: { code: string } }) => event.code;

/**
 * Two-factor authentication on Account → Security. `loading` reads the status, then `disabled` or `enabled`.
 * Enabling: `preparing` (new secret) → `scanning` (QR code and code field) → `enabling` → `showingCodes` (recovery
 * codes, shown once) → `enabled`. Disabling: `confirmingDisable` (code field) → `disabling` → `disabled`.
 * A wrong code returns to the form with `verifyFailed`; a failed call with `enableFailed` / `disableFailed`.
 */
export const twoFactorMachine = setup({
  types: { context: {} as TwoFactorContext, events: {} as TwoFactorEvent },
  actors: { loadStatus, startSetup, enable, disable },
  guards: {
    isEnabled: (_, status: TwoFactorStatus) => status.enabled,
    isCodeValid: (_, code: string) => checkCode(code) === null,
    isEnabledOutcome: (_, outcome: EnableOutcome) => outcome.kind === 'enabled',
    isAccepted: (_, outcome: CodeOutcome) => outcome.kind === 'accepted',
  },
  actions: {
    assignStatus: assign((_, status: TwoFactorStatus) => ({ status, error: null })),
    assignSetup: assign((_, setup: TwoFactorSetup) => ({ setup, error: null, codeIssue: null })),
    assignCode: assign((_, code: string) => ({ code: code.replace(/\s/g, ''), codeIssue: null, error: null })),
    assignCodeIssue: assign((_, code: string) => ({ codeIssue: checkCode(code), error: null })),
    assignRecoveryCodes: assign((_, outcome: EnableOutcome) =>
      outcome.kind === 'enabled'
        ? {
            recoveryCodes: outcome.recoveryCodes,
            setup: null,
            status: { enabled: true, recoveryCodesLeft: outcome.recoveryCodes.length },
          }
        : {},
    ),
    markDisabled: assign({ status: { enabled: false, recoveryCodesLeft: 0 }, error: null }),
    forgetSecrets: assign({ setup: null, recoveryCodes: [], code: '', codeIssue: null }),
    clearError: assign({ error: null, codeIssue: null }),
    failWith: assign((_, error: TwoFactorError) => ({ error })),
  },
}).createMachine({
  id: 'twoFactor',
  context: { status: null, setup: null, recoveryCodes: [], code: '', error: null, codeIssue: null },
  initial: 'loading',
  states: {
    loading: {
      tags: ['busy'],
      invoke: {
        id: 'loadStatus',
        src: 'loadStatus',
        onDone: [
          {
            guard: { type: 'isEnabled', params: ({ event }) => event.output },
            target: 'enabled',
            actions: { type: 'assignStatus', params: ({ event }) => event.output },
          },
          { target: 'disabled', actions: { type: 'assignStatus', params: ({ event }) => event.output } },
        ],
        onError: { target: 'loadFailed', actions: { type: 'failWith', params: 'loadFailed' } },
      },
    },
    loadFailed: { tags: ['error'], on: { 'status.retry': 'loading' } },
    disabled: { on: { 'setup.start': { target: 'preparing', actions: 'clearError' } } },
    preparing: {
      tags: ['busy'],
      invoke: {
        id: 'startSetup',
        src: 'startSetup',
        onDone: { target: 'scanning', actions: { type: 'assignSetup', params: ({ event }) => event.output } },
        onError: { target: 'disabled', actions: { type: 'failWith', params: 'enableFailed' } },
      },
    },
    scanning: {
      tags: ['editable'],
      on: {
        'enable.submit': [
          {
            guard: { type: 'isCodeValid', params: codeOf },
            target: 'enabling',
            actions: { type: 'assignCode', params: codeOf },
          },
          { actions: { type: 'assignCodeIssue', params: codeOf } },
        ],
        'setup.cancel': { target: 'disabled', actions: ['forgetSecrets', 'clearError'] },
      },
    },
    enabling: {
      tags: ['busy'],
      invoke: {
        id: 'enable',
        src: 'enable',
        input: ({ context }) => ({ code: context.code }),
        onDone: [
          {
            guard: { type: 'isEnabledOutcome', params: ({ event }) => event.output },
            target: 'showingCodes',
            actions: { type: 'assignRecoveryCodes', params: ({ event }) => event.output },
          },
          { target: 'scanning', actions: { type: 'failWith', params: 'verifyFailed' } },
        ],
        onError: { target: 'scanning', actions: { type: 'failWith', params: 'enableFailed' } },
      },
    },
    showingCodes: { on: { 'codes.acknowledge': { target: 'enabled', actions: 'forgetSecrets' } } },
    enabled: { on: { 'disable.start': { target: 'confirmingDisable', actions: 'clearError' } } },
    confirmingDisable: {
      tags: ['editable'],
      on: {
        'disable.submit': [
          {
            guard: { type: 'isCodeValid', params: codeOf },
            target: 'disabling',
            actions: { type: 'assignCode', params: codeOf },
          },
          { actions: { type: 'assignCodeIssue', params: codeOf } },
        ],
        'disable.cancel': { target: 'enabled', actions: ['forgetSecrets', 'clearError'] },
      },
    },
    disabling: {
      tags: ['busy'],
      invoke: {
        id: 'disable',
        src: 'disable',
        input: ({ context }) => ({ code: context.code }),
        onDone: [
          {
            guard: { type: 'isAccepted', params: ({ event }) => event.output },
            target: 'disabled',
            actions: ['markDisabled', 'forgetSecrets'],
          },
          { target: 'confirmingDisable', actions: { type: 'failWith', params: 'verifyFailed' } },
        ],
        onError: { target: 'confirmingDisable', actions: { type: 'failWith', params: 'disableFailed' } },
      },
    },
  },
});
