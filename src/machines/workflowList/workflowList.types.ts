// Types shared by the workflow list machine, its actors and the Workflow Manager screen.
import type { Pagination } from '../../api/client.ts';
import type { WorkflowStatus } from '../workflowEditor/workflowEditor.types.ts';

export interface WorkflowRow {
  id: number;
  name: string;
  status: WorkflowStatus;
  /** The trigger's type, or null while the workflow has none. */
  trigger: string | null;
  inProgress: number;
  finished: number;
  updatedAt: string;
}

/** A section of the manager: a status filter, or a template category (`templates/onboarding`). */
export interface WorkflowQuery {
  section: string;
  search: string;
  page: number;
}

export interface WorkflowPage {
  rows: WorkflowRow[];
  pagination: Pagination | null;
}

export type RowAction = 'duplicate' | 'pause' | 'resume' | 'archive' | 'delete';

/** Where a new workflow starts: blank, or one of the templates. */
export interface CreateRequest {
  name: string;
  template: string | null;
}

export type WorkflowListError = 'actionFailed' | 'createFailed' | 'nameRequired';

export interface WorkflowListContext {
  query: WorkflowQuery;
  rows: WorkflowRow[];
  pagination: Pagination | null;
  /** The action waiting for confirmation or running. */
  pending: { action: RowAction; id: number } | null;
  create: CreateRequest;
  created: number | null;
  error: WorkflowListError | null;
}

export type WorkflowListEvent =
  | { type: 'list.search'; search: string }
  | { type: 'list.section'; section: string }
  | { type: 'list.page'; page: number }
  | { type: 'list.retry' }
  | { type: 'row.act'; action: RowAction; id: number }
  | { type: 'action.confirm' }
  | { type: 'action.cancel' }
  | { type: 'create.open'; template: string | null }
  | { type: 'create.name'; name: string }
  | { type: 'create.template'; template: string | null }
  | { type: 'create.submit' }
  | { type: 'create.cancel' };

export interface WorkflowListInput {
  section: string;
}
