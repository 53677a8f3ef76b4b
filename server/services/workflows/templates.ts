import {
  DEFAULT_CONFIGS,
  type NodeKind,
  type WorkflowGraph,
  type WorkflowNode,
  type WorkflowTemplate,
} from '../../../shared/workflows.ts';

/** The workflow templates a user starts from: each story's graph and the manager section it is listed under. */

const node = <K extends NodeKind>(id: string, kind: K, y: number, config?: object): WorkflowNode =>
  ({ id, kind, position: { x: 300, y }, config: { ...DEFAULT_CONFIGS[kind](), ...config } }) as WorkflowNode;
const edge = (source: string, handle: string, target: string) => ({
  id: `${source}.${handle}-${target}`,
  source,
  handle,
  target,
});

/** The graphs templates start from: a trigger and the steps of each story, to be completed in the editor. */
export function templateGraph(template: WorkflowTemplate): WorkflowGraph {
  switch (template) {
    case 'welcomeSeries':
      return {
        nodes: [
          node('n1', 'trigger', 40),
          node('n2', 'sendEmail', 150),
          node('n3', 'wait', 260, { mode: 'duration', amount: 2, unit: 'days' }),
          node('n4', 'branch', 370, { mode: 'previousEmail', event: 'clicked' }),
          node('n5', 'sendEmail', 480),
          node('n6', 'exit', 480),
        ],
        edges: [
          edge('n1', 'next', 'n2'),
          edge('n2', 'next', 'n3'),
          edge('n3', 'next', 'n4'),
          edge('n4', 'yes', 'n5'),
          edge('n4', 'no', 'n6'),
        ],
      };
    case 'birthday':
      return {
        nodes: [
          node('n1', 'trigger', 40, { type: 'dateAttribute', attributeId: null, offsetDays: 0 }),
          node('n2', 'sendEmail', 150),
          node('n3', 'exit', 260),
        ],
        edges: [edge('n1', 'next', 'n2'), edge('n2', 'next', 'n3')],
      };
    case 'reEngagement':
      return {
        nodes: [
          node('n1', 'trigger', 40, { type: 'segmentEntered', segmentId: null }),
          node('n2', 'sendEmail', 150),
          node('n3', 'wait', 260, { mode: 'duration', amount: 7, unit: 'days' }),
          node('n4', 'branch', 370, { mode: 'previousEmail', event: 'opened' }),
          node('n5', 'exit', 480),
          node('n6', 'sendEmail', 480),
        ],
        edges: [
          edge('n1', 'next', 'n2'),
          edge('n2', 'next', 'n3'),
          edge('n3', 'next', 'n4'),
          edge('n4', 'yes', 'n5'),
          edge('n4', 'no', 'n6'),
        ],
      };
    case 'abandonedCart':
      return {
        nodes: [
          node('n1', 'trigger', 40, { type: 'customEvent', eventName: 'cart_abandoned' }),
          node('n2', 'wait', 150, { mode: 'duration', amount: 1, unit: 'hours' }),
          node('n3', 'sendEmail', 260),
          node('n4', 'exit', 370),
        ],
        edges: [edge('n1', 'next', 'n2'), edge('n2', 'next', 'n3'), edge('n3', 'next', 'n4')],
      };
  }
}

export const TEMPLATE_SECTION: Record<WorkflowTemplate, string> = {
  welcomeSeries: 'templates/onboarding',
  birthday: 'templates/dates',
  reEngagement: 'templates/retention',
  abandonedCart: 'templates/ecommerce',
};
