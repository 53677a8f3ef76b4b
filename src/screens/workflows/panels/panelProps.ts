import type { EditorOptions, NodeConfigs } from '../../../machines/workflowEditor/workflowEditor.types.ts';

/** What every step panel receives: its node's configuration, the company's choices, and how to change it. */
export interface StepPanelProps<K extends keyof NodeConfigs> {
  config: NodeConfigs[K];
  options: EditorOptions;
  disabled: boolean;
  onConfigure: (config: NodeConfigs[K]) => void;
}

/** A Select's value back to an id (null when cleared). */
export const idOf = (v: string | null) => (v ? Number(v) : null);
