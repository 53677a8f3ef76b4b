import { Button, Menu } from '@mantine/core';
import { useIntl } from 'react-intl';
import type { MergeTag } from '../../../machines/templateEditor/templateEditor.machine.ts';
import { editorMessages as m } from './templates.messages.ts';

const GROUPS = [
  ['field', m.mergeGroupField],
  ['attribute', m.mergeGroupAttribute],
  ['link', m.mergeGroupLink],
] as const;

/** The merge-tag picker: every tag the server offers, grouped; choosing one inserts it where the cursor is. */
export function MergeTagMenu({ tags, onPick }: { tags: MergeTag[]; onPick: (tag: string) => void }) {
  const intl = useIntl();
  return (
    <Menu position="bottom-start" withinPortal>
      <Menu.Target>
        <Button variant="default">{intl.formatMessage(m.mergeTags)}</Button>
      </Menu.Target>
      <Menu.Dropdown mah={420} style={{ overflowY: 'auto' }}>
        <Menu.Label>{intl.formatMessage(m.mergeTagHint)}</Menu.Label>
        {GROUPS.map(([kind, label]) => {
          const group = tags.filter((t) => t.kind === kind);
          if (!group.length) return null;
          return [
            <Menu.Label key={kind}>{intl.formatMessage(label)}</Menu.Label>,
            ...group.map((t) => (
              <Menu.Item key={t.tag} ff="monospace" fz="xs" onClick={() => onPick(t.tag)}>
                {t.tag}
              </Menu.Item>
            )),
          ];
        })}
      </Menu.Dropdown>
    </Menu>
  );
}
