import { Select } from '@mantine/core';
import { useIntl, type MessageDescriptor } from 'react-intl';
import { applyConditionEdit } from '../../../machines/workflowEditor/workflowGraph.ts';
import { emptyGroup } from '../../../machines/segmentEditor/segmentTree.ts';
import { GroupEditor } from '../../contacts/GroupEditor.tsx';
import { panelMessages as p } from '../WorkflowEditorScreen.messages.ts';
import type { StepPanelProps } from './panelProps.ts';

/** Branch: on the previous email (opened/clicked) or on a segment condition tree built with the segment builder. */
export function BranchPanel({ config: c, options, disabled, onConfigure }: StepPanelProps<'branch'>) {
  const intl = useIntl();
  const t = (d: MessageDescriptor) => intl.formatMessage(d);
  return (
    <>
      <Select
        label={t(p.branchMode)}
        disabled={disabled}
        allowDeselect={false}
        value={c.mode === 'conditions' ? 'conditions' : c.event}
        data={[
          { value: 'clicked', label: t(p.branchClicked) },
          { value: 'opened', label: t(p.branchOpened) },
          { value: 'conditions', label: t(p.branchConditions) },
        ]}
        onChange={(v) =>
          onConfigure(
            v === 'conditions'
              ? { mode: 'conditions', conditions: emptyGroup() }
              : { mode: 'previousEmail', event: v as 'opened' | 'clicked' },
          )
        }
      />
      {c.mode === 'conditions' ? (
        <fieldset disabled={disabled} style={{ border: 0, padding: 0, margin: 0 }}>
          <GroupEditor
            group={c.conditions}
            path={[]}
            lists={options.lists}
            attributes={options.attributes}
            issues={{}}
            send={(edit) => onConfigure({ mode: 'conditions', conditions: applyConditionEdit(c.conditions, edit) })}
          />
        </fieldset>
      ) : null}
    </>
  );
}
