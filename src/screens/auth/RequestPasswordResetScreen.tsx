import { Alert, Anchor, Button, Stack, Text, TextInput } from '@mantine/core';
import { useActorRef, useSelector } from '@xstate/react';
import type { FormEvent } from 'react';
import { useIntl } from 'react-intl';
import { Link } from 'react-router';
import { actorOptions } from '../../app/inspect.ts';
import { commonMessages } from '../../i18n/common.messages.ts';
import { emailIssue } from '../../i18n/validation.messages.ts';
import { passwordResetRequestMachine } from '../../machines/passwordResetRequest/passwordResetRequest.machine.ts';
import { requestPasswordResetMessages as m } from './RequestPasswordResetScreen.messages.ts';

/** Request Password Reset: the address gets a single-use link. */
export function RequestPasswordResetScreen() {
  const intl = useIntl();
  const actor = useActorRef(passwordResetRequestMachine, actorOptions());
  const sent = useSelector(actor, (s) => s.matches('sent'));
  const busy = useSelector(actor, (s) => s.hasTag('busy'));
  const issue = useSelector(actor, (s) => s.context.emailIssue);
  const error = useSelector(actor, (s) => s.context.error);
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    actor.send({ type: 'request.submit', email: String(new FormData(event.currentTarget).get('email') ?? '') });
  };
  const backToLogin = (
    <Anchor component={Link} to="/login" size="sm" ta="center">
      {intl.formatMessage(commonMessages.toLogin)}
    </Anchor>
  );
  if (sent) {
    return (
      <Stack>
        <Alert color="teal" role="status">
          {intl.formatMessage(m.sent)}
        </Alert>
        <Button variant="default" onClick={() => actor.send({ type: 'request.restart' })}>
          {intl.formatMessage(m.again)}
        </Button>
        {backToLogin}
      </Stack>
    );
  }
  return (
    <form onSubmit={submit} noValidate aria-busy={busy}>
      <Stack>
        <Text size="sm">{intl.formatMessage(m.intro)}</Text>
        {error ? (
          <Alert color="red" role="alert">
            {intl.formatMessage(m.sendFailed)}
          </Alert>
        ) : null}
        <TextInput
          name="email"
          type="email"
          autoComplete="email"
          label={intl.formatMessage(m.email)}
          error={issue ? intl.formatMessage(emailIssue[issue]) : undefined}
          required
          autoFocus
        />
        <Button type="submit" loading={busy}>
          {intl.formatMessage(m.submit)}
        </Button>
        {backToLogin}
      </Stack>
    </form>
  );
}
