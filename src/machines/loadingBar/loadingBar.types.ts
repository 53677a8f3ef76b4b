// Types shared by the loadingBar machine and its actors, so neither module imports the other back.
export interface LoadingBarContext {
  /** Loads in flight (API requests and route loads). */
  pending: number;
  /** 0–100. */
  progress: number;
}

export type LoadingBarEvent = { type: 'load.started' } | { type: 'load.finished' };
