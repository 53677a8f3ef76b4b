// Types shared by the twoFactor machine and its actors, so neither module imports the other back.
import type { CodeIssue } from '../../app/validation.ts';

export interface TwoFactorStatus {
  enabled: boolean;
  recoveryCodesLeft: number;
}

export interface TwoFactorSetup {
  secret: string;
  otpauthUri: string;
  qrCode: string;
}

export type EnableOutcome = { kind: 'enabled'; recoveryCodes: string[] } | { kind: 'rejected' };

export type CodeOutcome = { kind: 'accepted' } | { kind: 'rejected' };

/** Spec section 8: failed to enable, failed to disable, failed to verify the code; plus a failed status load. */
export type TwoFactorError = 'loadFailed' | 'enableFailed' | 'disableFailed' | 'verifyFailed';

export interface TwoFactorContext {
  status: TwoFactorStatus | null;
  setup: TwoFactorSetup | null;
  recoveryCodes: string[];
  code: string;
  error: TwoFactorError | null;
  codeIssue: CodeIssue | null;
}

export type TwoFactorEvent =
  | { type: 'status.retry' }
  | { type: 'setup.start' }
  | { type: 'setup.cancel' }
  | { type: 'enable.submit'; code: string }
  | { type: 'codes.acknowledge' }
  | { type: 'disable.start' }
  | { type: 'disable.cancel' }
  | { type: 'disable.submit'; code: string };
