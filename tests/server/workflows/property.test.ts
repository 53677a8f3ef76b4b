import fc from 'fast-check';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { forJob } from '../../../server/services/scope.ts';
import { advanceWorkflow, enrol } from '../../../server/services/workflows/engine.ts';
import { createTestEnv, type TestEnv } from '../helpers.ts';
import { makeList, signIn, type Caller } from '../contacts/fixtures.ts';
import { seedList } from '../messaging/sendingFixtures.ts';

// Random valid workflow graphs (send, wait, split, previous-email branch, add/remove list, exit) driven by random
// event sequences (enrolments, opens, clicks, time passing, job runs, two runs of the job at once): no run passes a
// send step twice and no contact is a step message's recipient twice, and once time passes every run ends
// (finished or exited) within a bound of job executions that follows from the graph's depth.
let env: TestEnv;
let a: Caller;
let contacts: number[];
let lists: number[];
let templateId: number;
const DEPTH = 4;

beforeAll(async () => {
  env = await createTestEnv();
  a = await signIn(env, 'Alpha');
  const source = await seedList(env, a.companyId, 'prop', 5);
  contacts = (
    await env.pool.query<{ id: number }>(
      'select contact_id::int as id from list_members where company_id = $1 and list_id = $2 order by 1',
      [a.companyId, source],
    )
  ).rows.map((r) => r.id);
  lists = [source, (await makeList(a, 'Extra')).listId];
  const template = (await a.call('POST', '/channels/email/templates', { name: 'Step letter' })).body;
  await a.call('PUT', `/channels/email/templates/${template.id}`, {
    subject: 'Hello',
    source: '<mjml><mj-body><mj-section><mj-column><mj-text>Hi</mj-text></mj-column></mj-section></mj-body></mjml>',
  });
  templateId = template.id;
});
afterAll(async () => {
  await env.close();
});

type Tree =
  | { k: 'exit' }
  | { k: 'end' }
  | { k: 'send' | 'wait' | 'add' | 'remove'; next: Tree }
  | { k: 'split' | 'branch'; event: 'opened' | 'clicked'; a: Tree; b: Tree };

const tree: fc.Memo<Tree> = fc.memo((n) =>
  n <= 1
    ? fc.constantFrom<Tree>({ k: 'exit' }, { k: 'end' })
    : fc.oneof(
        fc.constantFrom<Tree>({ k: 'exit' }, { k: 'end' }),
        fc.record({
          k: fc.constantFrom('send' as const, 'wait' as const, 'add' as const, 'remove' as const),
          next: tree(n - 1),
        }),
        fc.record({
          k: fc.constantFrom('split' as const, 'branch' as const),
          event: fc.constantFrom('opened' as const, 'clicked' as const),
          a: tree(n - 1),
          b: tree(n - 1),
        }),
      ),
);

/** The tree as a graph after a list trigger; an `end` leaf is a step whose exit leads nowhere (the run finishes). */
function toGraph(root: Tree) {
  const nodes: { id: string; kind: string; position: { x: number; y: number }; config: object }[] = [];
  const edges: { id: string; source: string; handle: string; target: string }[] = [];
  const add = (t: Tree, source: string, handle: string) => {
    if (t.k === 'end') {
      // The trigger, branches and splits need every exit wired: an end leaf there becomes an exit node.
      if (handle === 'next' && source !== 'n0') return;
      t = { k: 'exit' };
    }
    const id = `n${nodes.length + 1}`;
    const config =
      t.k === 'send'
        ? { templateId }
        : t.k === 'wait'
          ? { mode: 'duration', amount: 1, unit: 'minutes' }
          : t.k === 'add' || t.k === 'remove'
            ? { listId: lists[1] }
            : t.k === 'split'
              ? {
                  cohorts: [
                    { key: 'a', percent: 50 },
                    { key: 'b', percent: 50 },
                  ],
                }
              : t.k === 'branch'
                ? { mode: 'previousEmail', event: t.event }
                : {};
    const kind = { send: 'sendEmail', wait: 'wait', add: 'addToList', remove: 'removeFromList' }[t.k as string] ?? t.k;
    nodes.push({ id, kind, position: { x: 0, y: nodes.length * 100 }, config });
    edges.push({ id: `e${edges.length + 1}`, source, handle, target: id });
    if ('next' in t) add(t.next, id, 'next');
    if (t.k === 'split') {
      add(t.a, id, 'a');
      add(t.b, id, 'b');
    }
    if (t.k === 'branch') {
      add(t.a, id, 'yes');
      add(t.b, id, 'no');
    }
  };
  nodes.push({ id: 'n0', kind: 'trigger', position: { x: 0, y: 0 }, config: { type: 'listAdded', listId: lists[0] } });
  add(root, 'n0', 'next');
  return { nodes, edges };
}

type Event =
  | { t: 'enrol'; who: number[] }
  | { t: 'advance' }
  | { t: 'twice' }
  | { t: 'opened' | 'clicked'; who: number }
  | { t: 'time' };

const event: fc.Arbitrary<Event> = fc.oneof(
  fc.record({ t: fc.constant('enrol' as const), who: fc.uniqueArray(fc.nat(4), { minLength: 1, maxLength: 5 }) }),
  fc.constant<Event>({ t: 'advance' }),
  fc.constant<Event>({ t: 'twice' }),
  fc.record({ t: fc.constantFrom('opened' as const, 'clicked' as const), who: fc.nat(4) }),
  fc.constant<Event>({ t: 'time' }),
);

it('never sends twice per send step and run, and every run ends within a bound of job runs', async () => {
  await fc.assert(
    fc.asyncProperty(tree(DEPTH), fc.array(event, { minLength: 1, maxLength: 12 }), async (root, events) => {
      const scope = forJob(env.ctx, a.companyId);
      const workflow = (await a.call('POST', '/workflows', { name: 'Property' })).body;
      const graph = toGraph(root);
      const saved = await a.call('PUT', `/workflows/${workflow.id}`, { name: 'Property', graph });
      expect(saved.status, JSON.stringify(saved.body)).toBe(200);
      const active = await a.call('POST', `/workflows/${workflow.id}/status`, { status: 'active' });
      expect(active.status, JSON.stringify(active.body)).toBe(200);
      const timePasses = () =>
        env.pool.query(
          `update workflow_runs set next_at = now() - interval '1 second'
            where company_id = $1 and workflow_id = $2 and status = 'waiting'`,
          [a.companyId, workflow.id],
        );
      for (const e of events) {
        if (e.t === 'enrol') {
          const ids = e.who.map((i) => contacts[i]!);
          await scope.db.transaction((db) => enrol(db, a.companyId, workflow.id, ids));
        } else if (e.t === 'advance') await advanceWorkflow(scope, workflow.id);
        else if (e.t === 'twice')
          await Promise.all([advanceWorkflow(scope, workflow.id), advanceWorkflow(scope, workflow.id)]);
        else if (e.t === 'time') await timePasses();
        else {
          await env.pool.query(
            `update message_recipients r set ${e.t === 'opened' ? 'opened_at' : 'clicked_at'} = now()
               from workflow_messages m where m.company_id = $1 and m.workflow_id = $2
                and r.company_id = m.company_id and r.message_id = m.message_id and r.contact_id = $3`,
            [a.companyId, workflow.id, contacts[e.who]!],
          );
        }
      }
      // Time passes and the job runs: every wait on a path adds one execution, the first one starts the runs.
      for (let i = 0; i < DEPTH + 2; i++) {
        await timePasses();
        await advanceWorkflow(scope, workflow.id);
      }
      const open = await env.pool.query(
        `select id, status, node_id from workflow_runs where company_id = $1 and workflow_id = $2
            and status not in ('finished', 'exited')`,
        [a.companyId, workflow.id],
      );
      expect(open.rows).toEqual([]);
      const twice = await env.pool.query(
        `select run_id, node_id, count(*) from workflow_steps where company_id = $1 and kind = 'sendEmail'
            and outcome = 'passed' and run_id in (select id from workflow_runs where workflow_id = $2)
          group by 1, 2 having count(*) > 1`,
        [a.companyId, workflow.id],
      );
      expect(twice.rows).toEqual([]);
      const recipients = await env.pool.query(
        `select r.message_id, r.contact_id, count(*) from message_recipients r join workflow_messages m
            on m.company_id = r.company_id and m.message_id = r.message_id
          where r.company_id = $1 and m.workflow_id = $2 group by 1, 2 having count(*) > 1`,
        [a.companyId, workflow.id],
      );
      expect(recipients.rows).toEqual([]);
    }),
    // The seed is printed by fast-check on a failure; FC_SEED replays it.
    { numRuns: 25, ...(process.env.FC_SEED ? { seed: Number(process.env.FC_SEED) } : {}) },
  );
}, 120_000);
