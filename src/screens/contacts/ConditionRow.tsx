import { ActionIcon, Group, Select } from '@mantine/core';
import { useIntl } from 'react-intl';
import { CONTACT_FIELDS } from '../../components/contacts/fieldTargets.ts';
import type { ContactAttribute, ContactList, SegmentCondition } from '../../machines/contactsTable/contacts.types.ts';
import {
  OPERATORS,
  withOperator,
  type ConditionIssue,
  type ValueType,
} from '../../machines/segmentEditor/segmentTree.ts';
import { operatorMessages as op, segmentsMessages as m } from './SegmentsScreen.messages.ts';
import { contactsMessages as c } from './contacts.messages.ts';
import { ValueInput, type Valued } from './ConditionValue.tsx';
import { FIELD_ISSUES } from './fieldIssues.ts';

type Leaf = Exclude<SegmentCondition, { kind: 'group' }>;
type FieldName = Extract<Leaf, { kind: 'field' }>['field'];

export interface ConditionRowProps {
  condition: Leaf;
  lists: ContactList[];
  attributes: ContactAttribute[];
  /** What the server refused about this condition's value(s). */
  issue?: ConditionIssue;
  onChange: (condition: SegmentCondition) => void;
  onRemove: () => void;
}

const FIELDS = [...CONTACT_FIELDS, 'createdAt'] as const;

/** One condition: what it is on (field, attribute, list, blocklist), the operator and its value(s). */
export function ConditionRow({ condition, lists, attributes, issue, onChange, onRemove }: ConditionRowProps) {
  const intl = useIntl();
  const attribute = condition.kind === 'attribute' ? attributes.find((a) => a.id === condition.attributeId) : undefined;
  const type: ValueType =
    condition.kind === 'field' ? (condition.field === 'createdAt' ? 'date' : 'text') : (attribute?.type ?? 'text');

  const changeKind = (kind: string | null) => {
    if (kind === 'field') onChange({ kind: 'field', field: 'email', operator: 'contains', value: '' });
    if (kind === 'attribute' && attributes[0])
      onChange({
        kind: 'attribute',
        attributeId: attributes[0].id,
        operator: OPERATORS[attributes[0].type][0]!,
        value: '',
      });
    if (kind === 'list') onChange({ kind: 'list', operator: 'in', listId: lists[0]?.id ?? 0 });
    if (kind === 'blocklist') onChange({ kind: 'blocklist', operator: 'isNot' });
  };
  const kinds = [
    { value: 'field', label: intl.formatMessage(m.kindField) },
    { value: 'attribute', label: intl.formatMessage(m.kindAttribute), disabled: attributes.length === 0 },
    { value: 'list', label: intl.formatMessage(m.kindList), disabled: lists.length === 0 },
    { value: 'blocklist', label: intl.formatMessage(m.kindBlocklist) },
  ];

  return (
    <Group gap="xs" align="flex-end" wrap="wrap" data-testid="segment-condition">
      <Select
        size="xs"
        label={intl.formatMessage(m.kind)}
        data={kinds}
        value={condition.kind}
        onChange={changeKind}
        allowDeselect={false}
        w={150}
      />
      {condition.kind === 'field' ? (
        <Select
          size="xs"
          label={intl.formatMessage(m.subject)}
          data={FIELDS.map((f) => ({ value: f, label: intl.formatMessage(c[f]) }))}
          value={condition.field}
          onChange={(f) =>
            f &&
            onChange(withOperator({ ...condition, field: f as FieldName }, f === 'createdAt' ? 'after' : 'contains'))
          }
          allowDeselect={false}
          w={150}
        />
      ) : null}
      {condition.kind === 'attribute' ? (
        <Select
          size="xs"
          label={intl.formatMessage(m.subject)}
          data={attributes.map((a) => ({ value: String(a.id), label: a.name }))}
          value={String(condition.attributeId)}
          onChange={(id) => {
            const next = attributes.find((a) => String(a.id) === id);
            if (next)
              onChange({ kind: 'attribute', attributeId: next.id, operator: OPERATORS[next.type][0]!, value: '' });
          }}
          allowDeselect={false}
          w={150}
        />
      ) : null}
      {condition.kind === 'field' || condition.kind === 'attribute' ? (
        <>
          <Select
            size="xs"
            label={intl.formatMessage(m.operator)}
            data={OPERATORS[type].map((o) => ({ value: o, label: intl.formatMessage(op[o]) }))}
            value={condition.operator}
            onChange={(o) => o && onChange(withOperator(condition, o as Valued['operator']))}
            allowDeselect={false}
            w={150}
          />
          <ValueInput
            condition={condition}
            type={type}
            options={attribute?.options ?? []}
            error={issue ? intl.formatMessage(FIELD_ISSUES[issue]) : undefined}
            onChange={onChange}
          />
        </>
      ) : null}
      {condition.kind === 'list' ? (
        <>
          <Select
            size="xs"
            label={intl.formatMessage(m.operator)}
            data={[
              { value: 'in', label: intl.formatMessage(op.inList) },
              { value: 'notIn', label: intl.formatMessage(op.notInList) },
            ]}
            value={condition.operator}
            onChange={(o) => o && onChange({ ...condition, operator: o as 'in' | 'notIn' })}
            allowDeselect={false}
            w={130}
          />
          <Select
            size="xs"
            label={intl.formatMessage(m.value)}
            data={lists.map((l) => ({ value: String(l.id), label: l.name }))}
            value={condition.listId ? String(condition.listId) : null}
            onChange={(id) => id && onChange({ ...condition, listId: Number(id) })}
            allowDeselect={false}
            searchable
            w={180}
          />
        </>
      ) : null}
      {condition.kind === 'blocklist' ? (
        <Select
          size="xs"
          label={intl.formatMessage(m.operator)}
          data={[
            { value: 'is', label: intl.formatMessage(op.isBlocked) },
            { value: 'isNot', label: intl.formatMessage(op.isNotBlocked) },
          ]}
          value={condition.operator}
          onChange={(o) => o && onChange({ kind: 'blocklist', operator: o as 'is' | 'isNot' })}
          allowDeselect={false}
          w={170}
        />
      ) : null}
      <ActionIcon variant="subtle" color="red" onClick={onRemove} aria-label={intl.formatMessage(m.remove)} mb={4}>
        ✕
      </ActionIcon>
    </Group>
  );
}
