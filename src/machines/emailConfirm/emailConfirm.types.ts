// Types shared by the emailConfirm machine and its actors, so neither module imports the other back.

export type ConfirmOutcome =
  | { kind: 'confirmed'; email: string }
  /** 410 (expired, used or unknown link) or a 422 on the token. */
  | { kind: 'linkExpired' };

export interface EmailConfirmContext {
  token: string | null;
  /** The new sign-in address, once confirmed. */
  email: string | null;
  /** A thrown or network failure: the page offers to try again. */
  error: 'confirmFailed' | null;
}

export type EmailConfirmEvent = { type: 'confirm.retry' };
