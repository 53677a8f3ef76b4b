import { Alert, Anchor, Button, Checkbox, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import type { FormEvent } from 'react';
import { useIntl } from 'react-intl';
import { Link, useSearchParams } from 'react-router';
import { SessionActor } from '../../app/actors.ts';
import { commonMessages } from '../../i18n/common.messages.ts';
import { codeIssue, emailIssue, passwordIssue } from '../../i18n/validation.messages.ts';
import {
  selectError,
  selectFieldErrors,
  selectIsBusy,
  selectIsTwoFactorStep,
} from '../../machines/session/session.selectors.ts';
import { loginMessages } from './LoginScreen.messages.ts';
import { loginError } from './loginErrors.ts';

const text = (form: FormData, name: string) => String(form.get(name) ?? '');

function FormError() {
  const intl = useIntl();
  const error = SessionActor.useSelector(selectError);
  return error ? (
    <Alert color="red" role="alert" data-testid="login-error">
      {intl.formatMessage(loginError[error])}
    </Alert>
  ) : null;
}

function CredentialsForm() {
  const intl = useIntl();
  const session = SessionActor.useActorRef();
  const busy = SessionActor.useSelector(selectIsBusy);
  const fields = SessionActor.useSelector(selectFieldErrors);
  const [params] = useSearchParams();
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    session.send({
      type: 'login.submit',
      email: text(form, 'email'),
      password: text(form, 'password'),
      remember: form.get('remember') === 'on',
      returnTo: params.get('redirect') ?? '/',
    });
  };
  return (
    <form onSubmit={submit} noValidate aria-busy={busy}>
      <Stack>
        <FormError />
        <TextInput
          name="email"
          type="email"
          autoComplete="username"
          label={intl.formatMessage(loginMessages.email)}
          error={fields.email ? intl.formatMessage(emailIssue[fields.email]) : undefined}
          required
          autoFocus
        />
        <PasswordInput
          visibilityToggleButtonProps={{ 'aria-label': intl.formatMessage(commonMessages.togglePassword) }}
          name="password"
          autoComplete="current-password"
          label={intl.formatMessage(loginMessages.password)}
          error={fields.password ? intl.formatMessage(passwordIssue[fields.password]) : undefined}
          required
        />
        <Checkbox name="remember" label={intl.formatMessage(loginMessages.remember)} />
        <Button type="submit" loading={busy} fullWidth>
          {intl.formatMessage(loginMessages.submit)}
        </Button>
        <Anchor component={Link} to="/password-reset-request" size="sm" ta="center">
          {intl.formatMessage(loginMessages.forgot)}
        </Anchor>
      </Stack>
    </form>
  );
}

function TwoFactorForm() {
  const intl = useIntl();
  const session = SessionActor.useActorRef();
  const busy = SessionActor.useSelector(selectIsBusy);
  const fields = SessionActor.useSelector(selectFieldErrors);
  const canCancel = SessionActor.useSelector((s) => s.can({ type: 'login.cancel' }));
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    session.send({ type: 'login.submitCode', code: text(new FormData(event.currentTarget), 'code') });
  };
  return (
    <form onSubmit={submit} noValidate aria-busy={busy}>
      <Stack>
        <Text size="sm">{intl.formatMessage(loginMessages.twoFactorIntro)}</Text>
        <FormError />
        <TextInput
          name="code"
          inputMode="numeric"
          autoComplete="one-time-code"
          label={intl.formatMessage(loginMessages.code)}
          error={fields.code ? intl.formatMessage(codeIssue[fields.code]) : undefined}
          required
          autoFocus
        />
        <Button type="submit" loading={busy} fullWidth>
          {intl.formatMessage(loginMessages.verify)}
        </Button>
        <Button variant="subtle" disabled={!canCancel} onClick={() => session.send({ type: 'login.cancel' })}>
          {intl.formatMessage(commonMessages.back)}
        </Button>
      </Stack>
    </form>
  );
}

/** Login: email, password, remember me; then the 2FA code when the account asks for it. */
export function LoginScreen() {
  const twoFactorStep = SessionActor.useSelector(selectIsTwoFactorStep);
  return twoFactorStep ? <TwoFactorForm /> : <CredentialsForm />;
}
