import { Alert, Anchor, Button, PasswordInput, Stack } from '@mantine/core';
import { useActorRef, useSelector } from '@xstate/react';
import type { FormEvent } from 'react';
import { useIntl } from 'react-intl';
import { Link, useSearchParams } from 'react-router';
import { actorOptions } from '../../app/inspect.ts';
import { commonMessages } from '../../i18n/common.messages.ts';
import { confirmationIssue, passwordIssue } from '../../i18n/validation.messages.ts';
import { passwordResetMachine } from '../../machines/passwordReset/passwordReset.machine.ts';
import { resetPasswordMessages as m } from './ResetPasswordScreen.messages.ts';

/** Reset Password from the emailed link: a new password and its confirmation. */
export function ResetPasswordScreen() {
  const intl = useIntl();
  const [params] = useSearchParams();
  const actor = useActorRef(passwordResetMachine, { ...actorOptions(), input: { token: params.get('token') } });
  const state = useSelector(actor, (s) =>
    s.matches('done') ? 'done' : s.matches('invalidLink') ? 'invalidLink' : 'form',
  );
  const busy = useSelector(actor, (s) => s.hasTag('busy'));
  const issues = useSelector(actor, (s) => s.context.issues);
  const server = useSelector(actor, (s) => s.context.serverErrors);
  const error = useSelector(actor, (s) => s.context.error);
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    actor.send({
      type: 'reset.submit',
      password: String(form.get('password') ?? ''),
      passwordConfirmation: String(form.get('passwordConfirmation') ?? ''),
    });
  };
  if (state === 'done' || state === 'invalidLink') {
    return (
      <Stack>
        <Alert color={state === 'done' ? 'teal' : 'red'} role={state === 'done' ? 'status' : 'alert'}>
          {intl.formatMessage(state === 'done' ? m.done : m.invalidLink)}
        </Alert>
        <Button component={Link} to={state === 'done' ? '/login' : '/password-reset-request'}>
          {intl.formatMessage(state === 'done' ? commonMessages.toLogin : m.requestNew)}
        </Button>
      </Stack>
    );
  }
  const passwordError = issues.password ? intl.formatMessage(passwordIssue[issues.password]) : server.password;
  const confirmationError = issues.passwordConfirmation
    ? intl.formatMessage(confirmationIssue[issues.passwordConfirmation])
    : server.passwordConfirmation;
  return (
    <form onSubmit={submit} noValidate aria-busy={busy}>
      <Stack>
        {error ? (
          <Alert color="red" role="alert">
            {intl.formatMessage(m.resetFailed)}
          </Alert>
        ) : null}
        <PasswordInput
          visibilityToggleButtonProps={{ 'aria-label': intl.formatMessage(commonMessages.togglePassword) }}
          name="password"
          autoComplete="new-password"
          label={intl.formatMessage(m.password)}
          error={passwordError}
          required
          autoFocus
        />
        <PasswordInput
          visibilityToggleButtonProps={{ 'aria-label': intl.formatMessage(commonMessages.togglePassword) }}
          name="passwordConfirmation"
          autoComplete="new-password"
          label={intl.formatMessage(m.confirmation)}
          error={confirmationError}
          required
        />
        <Button type="submit" loading={busy}>
          {intl.formatMessage(m.submit)}
        </Button>
        <Anchor component={Link} to="/login" size="sm" ta="center">
          {intl.formatMessage(commonMessages.toLogin)}
        </Anchor>
      </Stack>
    </form>
  );
}
