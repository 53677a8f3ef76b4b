import { Alert, Button, Group, Loader, Stack } from '@mantine/core';
import { useActorRef, useSelector } from '@xstate/react';
import { useIntl } from 'react-intl';
import { Link } from 'react-router';
import { actorOptions } from '../../app/inspect.ts';
import { profileMachine } from '../../machines/profile/profile.machine.ts';
import { ActiveSessionsPanel } from './ActiveSessionsPanel.tsx';
import { DetailsForm, EmailForm, PasswordForm } from './ProfileForms.tsx';
import { profileMessages as m } from './ProfileScreen.messages.ts';

/** The profile (/account): details and language, sign-in email, password and active sessions. */
export function ProfileScreen() {
  const intl = useIntl();
  const actor = useActorRef(profileMachine, actorOptions());
  const phase = useSelector(actor, (s) =>
    s.matches('loading') ? 'loading' : s.matches('loadFailed') ? 'failed' : 'ready',
  );
  return (
    <Stack maw={640}>
      <Group>
        <Button component={Link} to="/account/security" variant="light" size="xs">
          {intl.formatMessage(m.securityLink)}
        </Button>
        <Button component={Link} to="/account/team" variant="light" size="xs">
          {intl.formatMessage(m.teamLink)}
        </Button>
      </Group>
      {phase === 'loading' ? <Loader size="sm" aria-label={intl.formatMessage(m.details)} /> : null}
      {phase === 'failed' ? (
        <Alert color="red" role="alert">
          {intl.formatMessage(m.loadFailed)}{' '}
          <Button size="xs" variant="subtle" onClick={() => actor.send({ type: 'profile.retry' })}>
            {intl.formatMessage(m.retry)}
          </Button>
        </Alert>
      ) : null}
      {phase === 'ready' ? (
        <>
          <DetailsForm actor={actor} />
          <EmailForm actor={actor} />
          <PasswordForm actor={actor} />
        </>
      ) : null}
      <ActiveSessionsPanel />
    </Stack>
  );
}
