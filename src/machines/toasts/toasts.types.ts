// Types shared by the toasts machine and its actors, so neither module imports the other back.
export type ToastLevel = 'info' | 'success' | 'warning' | 'error';

/** What a toast says, as codes: the view translates. */
export type ToastMessage =
  | { kind: 'http'; status: number }
  | { kind: 'timeout' }
  | { kind: 'notification'; code: string; values: Record<string, string | number>; level: ToastLevel }
  | { kind: 'text'; code: string; level: ToastLevel };

export interface Toast {
  id: string;
  /** Identical messages share a key and are grouped. */
  key: string;
  message: ToastMessage;
  /** How many times the message was shown while visible. */
  count: number;
}

export interface ToastsContext {
  toasts: Toast[];
  nextId: number;
}

export type ToastsEvent =
  | { type: 'toast.show'; message: ToastMessage }
  | { type: 'toast.dismiss'; id: string }
  | { type: 'toast.dismissLatest' }
  | { type: 'toast.expired'; id: string };
