// Types shared by the workflow runs machine, its actors and the runs panel.

export type RunStatus = 'running' | 'waiting' | 'finished' | 'failed' | 'exited';

export interface RunRow {
  id: number;
  workflowId: number;
  workflowName: string;
  contactId: number;
  contactEmail: string;
  status: RunStatus;
  /** The node the run is at (or ended at). */
  nodeId: string | null;
  test: boolean;
  startedAt: string;
  updatedAt: string;
}

/** One step of a run: when, how it ended, the message it sent, why a branch went one way. */
export interface RunStep {
  nodeId: string;
  kind: string;
  at: string;
  outcome: 'passed' | 'waiting' | 'failed' | 'skipped';
  /** The exit taken (`yes`, `no`, a cohort key) and the reason, for branches and splits. */
  handle: string | null;
  detail: string | null;
  messageId: number | null;
}

export interface RunDetail extends RunRow {
  steps: RunStep[];
}

export type WorkflowRunsError = 'retryFailed' | 'testFailed' | 'testIncomplete';

export interface WorkflowRunsContext {
  workflowId: number;
  runs: RunRow[];
  filter: 'all' | 'failed';
  run: RunDetail | null;
  test: { contactId: string; address: string };
  error: WorkflowRunsError | null;
}

export type WorkflowRunsEvent =
  | { type: 'runs.retry' }
  | { type: 'runs.filter'; filter: WorkflowRunsContext['filter'] }
  | { type: 'run.open'; runId: number }
  | { type: 'run.close' }
  | { type: 'step.retry' }
  | { type: 'test.open' }
  | { type: 'test.change'; contactId: string; address: string }
  | { type: 'test.submit' }
  | { type: 'test.cancel' };

export interface WorkflowRunsInput {
  workflowId: number;
}
