import { Alert, Button, Loader, Stack, Text } from '@mantine/core';
import { useActorRef, useSelector } from '@xstate/react';
import { useIntl } from 'react-intl';
import { Link, useSearchParams } from 'react-router';
import { SessionActor } from '../../app/actors.ts';
import { actorOptions } from '../../app/inspect.ts';
import { emailConfirmMachine } from '../../machines/emailConfirm/emailConfirm.machine.ts';
import { selectIsLoggedIn } from '../../machines/session/session.selectors.ts';
import { emailConfirmMessages as m } from './EmailConfirmScreen.messages.ts';

/** Confirm email, from the link sent to the new address; works signed in or not. */
export function EmailConfirmScreen() {
  const intl = useIntl();
  const [params] = useSearchParams();
  const actor = useActorRef(emailConfirmMachine, { ...actorOptions(), input: { token: params.get('token') } });
  const state = useSelector(actor, (s) =>
    s.matches('confirmed')
      ? 'confirmed'
      : s.matches('invalidLink')
        ? 'invalidLink'
        : s.matches('failed')
          ? 'failed'
          : 'busy',
  );
  const email = useSelector(actor, (s) => s.context.email);
  const loggedIn = SessionActor.useSelector(selectIsLoggedIn);
  const onward = (
    <Button component={Link} to={loggedIn ? '/account' : '/login'} variant={state === 'confirmed' ? 'filled' : 'light'}>
      {intl.formatMessage(loggedIn ? m.toAccount : m.toLogin)}
    </Button>
  );
  if (state === 'busy') {
    return (
      <Stack align="center" aria-busy="true">
        <Loader size="sm" aria-hidden />
        <Text role="status">{intl.formatMessage(m.confirming)}</Text>
      </Stack>
    );
  }
  if (state === 'failed') {
    return (
      <Stack>
        <Alert color="red" role="alert">
          {intl.formatMessage(m.failed)}
        </Alert>
        <Button onClick={() => actor.send({ type: 'confirm.retry' })}>{intl.formatMessage(m.retry)}</Button>
      </Stack>
    );
  }
  return (
    <Stack>
      <Alert color={state === 'confirmed' ? 'teal' : 'red'} role={state === 'confirmed' ? 'status' : 'alert'}>
        {state === 'confirmed'
          ? intl.formatMessage(m.confirmed, { email: email ?? '' })
          : intl.formatMessage(m.invalidLink)}
      </Alert>
      {onward}
    </Stack>
  );
}
