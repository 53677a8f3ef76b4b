/**
 * Workflows, named once for the server and the SPA: trigger types, step kinds, each node's configuration, the graph,
 * the exits of each node, and the problems that stop activation (each at its node). The editor's pure edits live in
 * src/machines/workflowEditor/workflowGraph.ts; the engine and the routes validate with the same `validate`.
 */
import type { components } from './contract/schema.d.ts';
import { CustomEventInput, WorkflowNode as WorkflowNodeSchema } from './contract/schemas.ts';

type SegmentGroup = components['schemas']['SegmentGroup'];

export const TRIGGER_TYPES = [
  'listAdded',
  'segmentEntered',
  'attributeChanged',
  'dateAttribute',
  'emailOpened',
  'emailClicked',
  'emailBounced',
  'unsubscribed',
  'customEvent',
  'manual',
] as const;
export type TriggerType = (typeof TRIGGER_TYPES)[number];

/**
 * The triggers that fire from the contact timeline (contact_events), by the event type that fires each. Migration
 * 041's statement trigger on contact_events holds the same pairs (tests/server/workflows/triggers.test.ts compares).
 */
export const STREAM_TRIGGERS = {
  'contact.updated': 'attributeChanged',
  'message.opened': 'emailOpened',
  'message.clicked': 'emailClicked',
  'message.bounced': 'emailBounced',
  'message.unsubscribed': 'unsubscribed',
} as const satisfies Record<string, TriggerType>;

/** The names a custom event may have (the contract's CustomEventInput.name). */
export const CUSTOM_EVENT_NAME = new RegExp(CustomEventInput.properties.name.pattern);

/** Node kinds, read from the contract's `WorkflowNode.kind`: the trigger and the steps after it. */
export const NODE_KINDS = WorkflowNodeSchema.properties.kind.enum;
export type NodeKind = (typeof NODE_KINDS)[number];
export type StepKind = Exclude<NodeKind, 'trigger'>;
export const STEP_KINDS = NODE_KINDS.filter((k): k is StepKind => k !== 'trigger');

/** A wait's `zone` that means the contact's time zone (the editor's first choice) rather than a fixed one. */
export const CONTACT_ZONE = 'contact';

export type WaitConfig =
  | { mode: 'duration'; amount: number; unit: 'minutes' | 'hours' | 'days' }
  | { mode: 'until'; at: string; zone: string }
  | { mode: 'weekday'; weekdays: number[]; hour: number; zone: string };

export interface SplitCohort {
  key: string;
  percent: number;
}

/** What a branch tests: the segment condition tree, or whether the previous email was opened or clicked. */
export type BranchConfig =
  { mode: 'conditions'; conditions: SegmentGroup } | { mode: 'previousEmail'; event: 'opened' | 'clicked' };

export interface NodeConfigs {
  trigger: {
    type: TriggerType;
    listId?: number | null;
    segmentId?: number | null;
    attributeId?: number | null;
    value?: string;
    /** dateAttribute: days after the date (negative: before it). */
    offsetDays?: number;
    /** dateAttribute: every year on the date's month and day (default), or on the exact date (a renewal). */
    dateMode?: 'anniversary' | 'exact';
    /** dateAttribute: the hour (0–23) in `zone` at which the day's contacts enrol. */
    hour?: number;
    zone?: string;
    link?: string;
    eventName?: string;
  };
  sendEmail: { templateId: number | null };
  wait: WaitConfig;
  branch: BranchConfig;
  split: { cohorts: SplitCohort[] };
  updateAttribute: { attributeId: number | null; value: string };
  addToList: { listId: number | null };
  removeFromList: { listId: number | null };
  webhook: { url: string };
  /** Team members are users: their ids are uuids. */
  notify: { memberIds: string[]; note: string };
  exit: Record<string, never>;
}

export type WorkflowNode = {
  [K in NodeKind]: { id: string; kind: K; position: { x: number; y: number }; config: NodeConfigs[K] };
}[NodeKind];

/** `handle` is the exit of the source: `next`, `yes`/`no` for a branch, a cohort key for a split. */
export interface WorkflowEdge {
  id: string;
  source: string;
  handle: string;
  target: string;
}

export interface WorkflowGraph {
  nodes: WorkflowNode[];
  edges: WorkflowEdge[];
}

export const DEFAULT_CONFIGS: { [K in NodeKind]: () => NodeConfigs[K] } = {
  trigger: () => ({ type: 'listAdded', listId: null }),
  sendEmail: () => ({ templateId: null }),
  wait: () => ({ mode: 'duration', amount: 1, unit: 'days' }),
  branch: () => ({ mode: 'previousEmail', event: 'clicked' }),
  split: () => ({
    cohorts: [
      { key: 'a', percent: 50 },
      { key: 'b', percent: 50 },
    ],
  }),
  updateAttribute: () => ({ attributeId: null, value: '' }),
  addToList: () => ({ listId: null }),
  removeFromList: () => ({ listId: null }),
  webhook: () => ({ url: '' }),
  notify: () => ({ memberIds: [], note: '' }),
  exit: () => ({}),
};

/** The exits a node offers, in the order the canvas draws them. */
export function handlesOf(node: WorkflowNode): string[] {
  switch (node.kind) {
    case 'exit':
      return [];
    case 'branch':
      return ['yes', 'no'];
    case 'split':
      return node.config.cohorts.map((c) => c.key);
    default:
      return ['next'];
  }
}

export const PROBLEMS = [
  'noTrigger',
  'notConnected',
  'exitMissing',
  'noTemplate',
  'branchOneWay',
  'waitZero',
  'waitIncomplete',
  'splitTotal',
  'listMissing',
  'attributeMissing',
  'urlMissing',
  'recipientsMissing',
  'triggerIncomplete',
  'conditionsEmpty',
] as const;
export type ProblemCode = (typeof PROBLEMS)[number];

/** A problem at a node (`nodeId` null: the workflow as a whole, e.g. no trigger). */
export interface Problem {
  nodeId: string | null;
  code: ProblemCode;
}

function configProblem(node: WorkflowNode): ProblemCode | null {
  switch (node.kind) {
    case 'trigger': {
      const c = node.config;
      if (c.type === 'listAdded' && !c.listId) return 'triggerIncomplete';
      if (c.type === 'segmentEntered' && !c.segmentId) return 'triggerIncomplete';
      if ((c.type === 'attributeChanged' || c.type === 'dateAttribute') && !c.attributeId) return 'triggerIncomplete';
      if (c.type === 'dateAttribute' && !dateTriggerValid(c)) return 'triggerIncomplete';
      // A custom event trigger needs a name `POST /api/events` accepts (the contract's pattern), or it never fires.
      if (c.type === 'customEvent' && !CUSTOM_EVENT_NAME.test(c.eventName ?? '')) return 'triggerIncomplete';
      return null;
    }
    case 'sendEmail':
      return node.config.templateId ? null : 'noTemplate';
    case 'wait': {
      const c = node.config;
      if (c.mode === 'duration') return c.amount > 0 ? null : 'waitZero';
      if (c.mode === 'until') return c.at ? null : 'waitIncomplete';
      return c.weekdays.length > 0 ? null : 'waitIncomplete';
    }
    case 'branch':
      return node.config.mode === 'conditions' && node.config.conditions.conditions.length === 0
        ? 'conditionsEmpty'
        : null;
    case 'split':
      return node.config.cohorts.reduce((sum, c) => sum + c.percent, 0) === 100 ? null : 'splitTotal';
    case 'updateAttribute':
      return node.config.attributeId ? null : 'attributeMissing';
    case 'addToList':
    case 'removeFromList':
      return node.config.listId ? null : 'listMissing';
    case 'webhook':
      return /^https?:\/\/\S+$/.test(node.config.url.trim()) ? null : 'urlMissing';
    case 'notify':
      return node.config.memberIds.length > 0 ? null : 'recipientsMissing';
    case 'exit':
      return null;
  }
}

/**
 * What stops activation, each at its node: no trigger; a step nothing leads to; a branch with one way out (or
 * none); a node whose exit leads nowhere (a split cohort, a step's next), and each step's own configuration.
 */
export function validate(graph: WorkflowGraph): Problem[] {
  const problems: Problem[] = [];
  if (!graph.nodes.some((n) => n.kind === 'trigger')) problems.push({ nodeId: null, code: 'noTrigger' });
  const targets = new Set(graph.edges.map((e) => e.target));
  for (const node of graph.nodes) {
    if (node.kind !== 'trigger' && !targets.has(node.id)) problems.push({ nodeId: node.id, code: 'notConnected' });
    const used = new Set(graph.edges.filter((e) => e.source === node.id).map((e) => e.handle));
    const handles = handlesOf(node);
    if (node.kind === 'branch' && handles.some((h) => !used.has(h))) {
      problems.push({ nodeId: node.id, code: 'branchOneWay' });
    } else if (node.kind === 'split' && handles.some((h) => !used.has(h))) {
      problems.push({ nodeId: node.id, code: 'exitMissing' });
    } else if (node.kind === 'trigger' && !used.has('next')) {
      problems.push({ nodeId: node.id, code: 'exitMissing' });
    }
    const config = configProblem(node);
    if (config) problems.push({ nodeId: node.id, code: config });
  }
  return problems;
}

/** Problems by node id, for the badges on the canvas and the message in the side panel. */
export function problemsByNode(problems: Problem[]): Record<string, ProblemCode[]> {
  const out: Record<string, ProblemCode[]> = {};
  for (const p of problems) if (p.nodeId) (out[p.nodeId] ??= []).push(p.code);
  return out;
}

export const isTriggerType = (value: string): value is TriggerType =>
  (TRIGGER_TYPES as readonly string[]).includes(value);

export const isNodeKind = (value: string): value is NodeKind =>
  value === 'trigger' || (STEP_KINDS as readonly string[]).includes(value);

/** Templates a workflow can start from (the contract's WorkflowCreate.template). */
export const WORKFLOW_TEMPLATES = ['welcomeSeries', 'birthday', 'reEngagement', 'abandonedCart'] as const;
export type WorkflowTemplate = (typeof WORKFLOW_TEMPLATES)[number];

/** dateAttribute's defaults: the hour and time zone a trigger that names none enrols at. */
export const DATE_TRIGGER = { defaultHour: 9, defaultZone: 'UTC', maxOffsetDays: 365 } as const;

/** A date trigger's hour is 0–23, its offset whole days within a year, its time zone one the runtime knows. */
function dateTriggerValid(c: NodeConfigs['trigger']): boolean {
  const hour = c.hour ?? DATE_TRIGGER.defaultHour;
  const offset = c.offsetDays ?? 0;
  if (!Number.isInteger(hour) || hour < 0 || hour > 23) return false;
  if (!Number.isInteger(offset) || Math.abs(offset) > DATE_TRIGGER.maxOffsetDays) return false;
  if (c.dateMode !== undefined && c.dateMode !== 'anniversary' && c.dateMode !== 'exact') return false;
  try {
    new Intl.DateTimeFormat('en', { timeZone: c.zone ?? DATE_TRIGGER.defaultZone });
    return true;
  } catch {
    return false;
  }
}

/** The detail of the step that ends a run whose contact met the workflow's goal (the history says "Goal reached"). */
export const GOAL_REASON = 'goal';

export const WORKFLOW_LIMITS = {
  /** Runs one advancing job handles per transaction. */
  batchSize: 500,
  /** Steps one run may take in one job before it yields (a loop of instant steps cannot spin forever). */
  stepsPerPass: 50,
  /** A test run's waits last this long, whatever they say. */
  testWaitMs: 5_000,
  /** Runs the runs drawer lists. */
  runsShown: 200,
} as const;

/**
 * The type of the event a webhook step posts (signed like every webhook, delivered to the step URL's endpoint only,
 * whatever it subscribes to): `{ workflow: { id, name }, run: { id, step }, contact: { id, email, firstName,
 * lastName } }`.
 */
export const WORKFLOW_WEBHOOK_EVENT = 'workflow.webhook' as const;

/** Sections of the Workflow Manager that filter by status (`all` shows every status but archived). */
export const WORKFLOW_SECTIONS = ['all', 'active', 'paused', 'drafts', 'archived'] as const;

export const isProblemCode = (value: string): value is ProblemCode => (PROBLEMS as readonly string[]).includes(value);
