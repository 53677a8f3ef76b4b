import { MultiSelect, NumberInput, Select, TagsInput, TextInput } from '@mantine/core';
import { useIntl } from 'react-intl';
import type { SegmentCondition } from '../../machines/contactsTable/contacts.types.ts';
import type { ValueType } from '../../machines/segmentEditor/segmentTree.ts';
import { segmentsMessages as m } from './SegmentsScreen.messages.ts';
import { contactsMessages as c } from './contacts.messages.ts';

type Leaf = Exclude<SegmentCondition, { kind: 'group' }>;
export type Valued = Extract<Leaf, { kind: 'field' | 'attribute' }>;
type Scalar = string | number | boolean;

/**
 * The value(s) of a field or attribute condition, as the value's type and the operator ask: text, number, date, yes/no,
 * options. `error` is shown at the (first) value field.
 */
export function ValueInput({
  condition,
  type,
  options,
  error,
  onChange,
}: {
  condition: Valued;
  type: ValueType;
  options: string[];
  error?: string;
  onChange: (c: SegmentCondition) => void;
}) {
  const intl = useIntl();
  const label = intl.formatMessage(m.value);
  const { operator } = condition;
  if (operator === 'isEmpty' || operator === 'isNotEmpty') return null;
  const setValue = (value: Scalar) => onChange({ ...condition, value });
  const one = (value: Scalar | undefined, set: (v: Scalar) => void, text = label, withError = true) => {
    const issue = withError ? error : undefined;
    if (type === 'number')
      return (
        <NumberInput
          size="xs"
          label={text}
          error={issue}
          value={typeof value === 'number' ? value : ''}
          onChange={(v) => set(typeof v === 'number' ? v : '')}
          w={120}
        />
      );
    if (type === 'boolean')
      return (
        <Select
          size="xs"
          label={text}
          error={issue}
          data={[
            { value: 'true', label: intl.formatMessage(c.yes) },
            { value: 'false', label: intl.formatMessage(c.no) },
          ]}
          value={typeof value === 'boolean' ? String(value) : null}
          onChange={(v) => v && set(v === 'true')}
          w={100}
        />
      );
    if (type === 'category')
      return (
        <Select
          size="xs"
          label={text}
          error={issue}
          data={options}
          value={typeof value === 'string' && value ? value : null}
          onChange={(v) => v && set(v)}
          w={160}
        />
      );
    return (
      <TextInput
        size="xs"
        label={text}
        error={issue}
        type={type === 'date' ? 'date' : 'text'}
        value={String(value ?? '')}
        onChange={(e) => set(e.currentTarget.value)}
        w={170}
      />
    );
  };
  if (operator === 'between') {
    const [from, to] = condition.values ?? ['', ''];
    return (
      <>
        {one(
          from,
          (v) => onChange({ ...condition, values: [v as string | number, to ?? ''] }),
          intl.formatMessage(m.from),
        )}
        {one(
          to,
          (v) => onChange({ ...condition, values: [from ?? '', v as string | number] }),
          intl.formatMessage(m.to),
          false,
        )}
      </>
    );
  }
  if (operator === 'in') {
    const values = (condition.values ?? []).map(String);
    const set = (v: string[]) => onChange({ ...condition, values: v });
    return type === 'category' ? (
      <MultiSelect size="xs" label={label} error={error} data={options} value={values} onChange={set} w={220} />
    ) : (
      <TagsInput size="xs" label={label} error={error} value={values} onChange={set} w={220} />
    );
  }
  return one(condition.value, setValue);
}
