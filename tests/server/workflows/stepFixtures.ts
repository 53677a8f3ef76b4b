import { expect } from 'vitest';
import { forJob } from '../../../server/services/scope.ts';
import { advanceWorkflow } from '../../../server/services/workflows/engine.ts';
import type { NodeConfigs, NodeKind } from '../../../shared/workflows.ts';
import type { TestEnv } from '../helpers.ts';
import type { Caller } from '../contacts/fixtures.ts';

/** A step as the tests write it: its kind and configuration (the id is `s`). */
export type TestStep = { [K in NodeKind]: { kind: K; config: NodeConfigs[K] } }[NodeKind];

export interface TraceStep {
  nodeId: string;
  outcome: string;
  handle: string | null;
  detail: string | null;
}

/**
 * An active workflow "manual trigger → the step" (a branch's two ways lead to exits `y` and `n`), saved and
 * activated through the API as the editor does.
 */
export async function activeStepWorkflow(caller: Caller, step: TestStep, name = `Step ${step.kind}`) {
  const at = (y: number) => ({ x: 0, y });
  const nodes = [
    { id: 't', kind: 'trigger', position: at(0), config: { type: 'manual' } },
    { id: 's', kind: step.kind, position: at(100), config: step.config },
    ...(step.kind === 'branch'
      ? [
          { id: 'y', kind: 'exit', position: at(200), config: {} },
          { id: 'n', kind: 'exit', position: at(200), config: {} },
        ]
      : []),
  ];
  const edges = [
    { id: 'e1', source: 't', handle: 'next', target: 's' },
    ...(step.kind === 'branch'
      ? [
          { id: 'e2', source: 's', handle: 'yes', target: 'y' },
          { id: 'e3', source: 's', handle: 'no', target: 'n' },
        ]
      : []),
  ];
  const id = (await caller.call('POST', '/workflows', { name })).body.id as number;
  const saved = await caller.call('PUT', `/workflows/${id}`, { name, graph: { nodes, edges } });
  expect(saved.status, JSON.stringify(saved.body)).toBe(200);
  const active = await caller.call('POST', `/workflows/${id}/status`, { status: 'active' });
  expect(active.status, JSON.stringify(active.body)).toBe(200);
  return id;
}

/**
 * Enrols the contacts and runs the workflow's job twice (a repeated job must act once), then answers each contact's
 * trace of the step `s`.
 */
export async function runStep(env: TestEnv, caller: Caller, workflowId: number, contactIds: number[]) {
  const enrolled = await caller.call('POST', `/workflows/${workflowId}/enrolments`, { contactIds });
  expect(enrolled.status, JSON.stringify(enrolled.body)).toBe(200);
  const scope = forJob(env.ctx, caller.companyId);
  await advanceWorkflow(scope, workflowId);
  await advanceWorkflow(scope, workflowId);
  return traces(caller, workflowId);
}

/** The step `s` of each run of the workflow, by contact id. */
export async function traces(caller: Caller, workflowId: number): Promise<Map<number, TraceStep>> {
  const runs = (await caller.call('GET', `/workflows/${workflowId}/runs`)).body as { id: number; contactId: number }[];
  const out = new Map<number, TraceStep>();
  for (const run of runs) {
    const detail = (await caller.call('GET', `/workflows/${workflowId}/runs/${run.id}`)).body;
    const step = (detail.steps as TraceStep[]).filter((s) => s.nodeId === 's').at(-1);
    if (step) out.set(run.contactId, step);
  }
  return out;
}

/** The contact's timeline events of a type, oldest first. */
export async function eventsOf(env: TestEnv, contactId: number, type: string) {
  const { rows } = await env.pool.query<{ payload: Record<string, unknown> }>(
    'select payload from contact_events where contact_id = $1 and type = $2 order by id',
    [contactId, type],
  );
  return rows.map((r) => r.payload);
}
