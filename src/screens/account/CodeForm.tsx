import { Button, Group, TextInput } from '@mantine/core';
import type { FormEvent } from 'react';
import { useIntl } from 'react-intl';
import type { CodeIssue } from '../../app/validation.ts';
import { commonMessages } from '../../i18n/common.messages.ts';
import { codeIssue } from '../../i18n/validation.messages.ts';
import { securityMessages as m } from './SecurityScreen.messages.ts';

export interface CodeFormProps {
  submitLabel: string;
  issue: CodeIssue | null;
  busy: boolean;
  danger?: boolean;
  onSubmit: (code: string) => void;
  onCancel: () => void;
}

/** A 2FA code field with submit and cancel. */
export function CodeForm({ submitLabel, issue, busy, danger, onSubmit, onCancel }: CodeFormProps) {
  const intl = useIntl();
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    onSubmit(String(new FormData(event.currentTarget).get('code') ?? ''));
  };
  return (
    <form onSubmit={submit} noValidate aria-busy={busy}>
      <TextInput
        name="code"
        inputMode="numeric"
        autoComplete="one-time-code"
        label={intl.formatMessage(m.code)}
        error={issue ? intl.formatMessage(codeIssue[issue]) : undefined}
        maw={260}
        required
        autoFocus
      />
      <Group mt="md">
        <Button type="submit" loading={busy} color={danger ? 'red' : undefined}>
          {submitLabel}
        </Button>
        <Button variant="default" onClick={onCancel} disabled={busy}>
          {intl.formatMessage(commonMessages.cancel)}
        </Button>
      </Group>
    </form>
  );
}
