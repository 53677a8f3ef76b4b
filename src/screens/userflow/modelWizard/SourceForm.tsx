import { Checkbox, Select, SimpleGrid, Textarea, TextInput } from '@mantine/core';
import { useIntl } from 'react-intl';
import { sourceProblems, visibleFields, type SourceField } from '../../../machines/modelWizard/modelWizard.sources.ts';
import type { SourceKind } from '../../../machines/modelWizard/modelWizard.types.ts';
import { sourceFieldText, sourceFormText as f, sourceOptionText } from './SourceForm.messages.ts';

interface SourceFormProps {
  kind: SourceKind;
  config: Record<string, string>;
  secretsSet: readonly string[];
  /** The server's refusals by field (`sourceConfig.host`). */
  errors: Record<string, string>;
  disabled: boolean;
  /** The columns a `column` setting may pick (from the connection test; empty before it). */
  columns: readonly string[];
  onChange(name: string, value: string): void;
}

const label = (name: string) => sourceFieldText[name as keyof typeof sourceFieldText];
const option = (field: string, value: string) => sourceOptionText[`${field}.${value}` as keyof typeof sourceOptionText];

/**
 * One data source's settings as a form, field by field from modelWizard.sources.ts: required ones marked, what is
 * still missing said under the field once something was typed, secrets write-only ("stored — leave empty to keep").
 */
export function SourceForm({ kind, config, secretsSet, errors, disabled, columns, onChange }: SourceFormProps) {
  const intl = useIntl();
  const problems = sourceProblems(kind, config);
  const touched = Boolean(config.database?.trim());
  // The server's refusal first; then a number that is not one. An empty required field is marked by its asterisk
  // and the hint under the form, not a red error before the person got to it.
  const errorOf = (field: SourceField) => {
    const problem = problems[field.name];
    if (errors[`sourceConfig.${field.name}`]) return errors[`sourceConfig.${field.name}`];
    if (field.name === 'table' && problem === 'required' && touched) return intl.formatMessage(f.tableOrQuery);
    return problem === 'integer' ? intl.formatMessage(f.integer) : undefined;
  };
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }} data-testid="source-form" data-kind={kind}>
      {visibleFields(kind, config).map((field) => {
        const text = intl.formatMessage(label(field.name));
        const value = config[field.name] ?? '';
        if (field.input === 'boolean') {
          return (
            <Checkbox
              key={field.name}
              label={text}
              checked={value === 'true'}
              disabled={disabled}
              onChange={(e) => onChange(field.name, String(e.currentTarget.checked))}
            />
          );
        }
        if (field.input === 'column') {
          // The stored pick stays listed before the connection test names the columns again.
          const choices = [...new Set([...(value ? [value] : []), ...columns])];
          return (
            <Select
              key={field.name}
              label={text}
              description={intl.formatMessage(columns.length ? f.changesHelp : f.changesUntested)}
              value={value || null}
              clearable
              disabled={disabled || choices.length === 0}
              error={errors[`sourceConfig.${field.name}`]}
              data={choices}
              onChange={(v) => onChange(field.name, v ?? '')}
            />
          );
        }
        if (field.input === 'select') {
          return (
            <Select
              key={field.name}
              label={text}
              required={field.required}
              value={value || null}
              allowDeselect={false}
              disabled={disabled}
              data={(field.options ?? []).map((v) => ({ value: v, label: intl.formatMessage(option(field.name, v)) }))}
              onChange={(v) => v && onChange(field.name, v)}
            />
          );
        }
        const stored = field.secret && secretsSet.includes(field.name);
        const common = {
          label: text,
          required: field.required,
          value,
          disabled,
          placeholder: field.placeholder,
          error: errorOf(field),
          description: stored
            ? intl.formatMessage(f.secretStored)
            : field.secret
              ? intl.formatMessage(f.secretHelp)
              : field.input === 'list'
                ? intl.formatMessage(f.listHelp)
                : undefined,
          autoComplete: field.secret ? 'off' : undefined,
        };
        if (field.input === 'multiline') {
          return (
            <Textarea
              key={field.name}
              {...common}
              autosize
              minRows={3}
              style={{ gridColumn: '1 / -1' }}
              spellCheck={false}
              onChange={(e) => onChange(field.name, e.currentTarget.value)}
            />
          );
        }
        return (
          <TextInput
            key={field.name}
            {...common}
            type={field.secret ? 'password' : 'text'}
            inputMode={field.input === 'integer' ? 'numeric' : undefined}
            onChange={(e) => onChange(field.name, e.currentTarget.value)}
          />
        );
      })}
    </SimpleGrid>
  );
}
