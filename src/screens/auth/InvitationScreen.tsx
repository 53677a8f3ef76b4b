import { Alert, Anchor, Button, Loader, PasswordInput, Stack, Text, TextInput, Title } from '@mantine/core';
import { useActorRef, useSelector } from '@xstate/react';
import type { FormEvent } from 'react';
import { useIntl } from 'react-intl';
import { Link, useSearchParams } from 'react-router';
import { actorOptions } from '../../app/inspect.ts';
import { commonMessages } from '../../i18n/common.messages.ts';
import { confirmationIssue, passwordIssue } from '../../i18n/validation.messages.ts';
import { invitationAcceptMachine } from '../../machines/invitationAccept/invitationAccept.machine.ts';
import { roleMessages } from '../account/roles.messages.ts';
import { invitationMessages as m } from './InvitationScreen.messages.ts';

type Page = 'checking' | 'form' | 'invalidLink' | 'emailTaken' | 'lookupFailed';

/** Join team, from the emailed link: what the invitation offers, then a name and a password; accepting signs in. */
export function InvitationScreen() {
  const intl = useIntl();
  const [params] = useSearchParams();
  const actor = useActorRef(invitationAcceptMachine, { ...actorOptions(), input: { token: params.get('token') } });
  const page = useSelector(actor, (s): Page => {
    if (s.matches('invalidLink')) return 'invalidLink';
    if (s.matches('emailTaken')) return 'emailTaken';
    if (s.matches('lookupFailed')) return 'lookupFailed';
    return s.context.invitation ? 'form' : 'checking';
  });
  const busy = useSelector(actor, (s) => s.hasTag('busy'));
  const invitation = useSelector(actor, (s) => s.context.invitation);
  const issues = useSelector(actor, (s) => s.context.issues);
  const server = useSelector(actor, (s) => s.context.serverErrors);
  const error = useSelector(actor, (s) => s.context.error);
  if (page === 'checking') {
    return (
      <Stack align="center" aria-busy="true">
        <Loader aria-hidden />
        <Text>{intl.formatMessage(m.checking)}</Text>
      </Stack>
    );
  }
  if (page !== 'form' || !invitation) {
    const text = page === 'emailTaken' ? m.emailTaken : page === 'lookupFailed' ? m.lookupFailed : m.invalidLink;
    return (
      <Stack>
        <Alert color="red" role="alert">
          {intl.formatMessage(error === 'tooManyRequests' ? m.tooManyRequests : text)}
        </Alert>
        {page === 'lookupFailed' ? (
          <Button onClick={() => actor.send({ type: 'invitation.retry' })}>
            {intl.formatMessage(commonMessages.retry)}
          </Button>
        ) : (
          <Button component={Link} to="/login">
            {intl.formatMessage(commonMessages.toLogin)}
          </Button>
        )}
      </Stack>
    );
  }
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const field = (name: string) => String(form.get(name) ?? '');
    actor.send({
      type: 'invitation.accept',
      firstName: field('firstName'),
      lastName: field('lastName'),
      password: field('password'),
      passwordConfirmation: field('passwordConfirmation'),
    });
  };
  const required = intl.formatMessage(m.nameRequired);
  const company = invitation.companyName;
  const role = intl.formatMessage(roleMessages[invitation.role]).toLowerCase();
  return (
    <form onSubmit={submit} noValidate aria-busy={busy}>
      <Stack>
        <Title order={2}>{intl.formatMessage(m.heading, { company })}</Title>
        {invitation.inviterName ? (
          <Text fw={500}>{intl.formatMessage(m.invitedBy, { name: invitation.inviterName, company })}</Text>
        ) : null}
        <Text>{intl.formatMessage(m.offer, { company, role, email: invitation.email })}</Text>
        <Text size="sm" c="dimmed">
          {intl.formatMessage(m.expires, { date: intl.formatDate(invitation.expiresAt, { dateStyle: 'long' }) })}
        </Text>
        {error ? (
          <Alert color="red" role="alert">
            {intl.formatMessage(error === 'tooManyRequests' ? m.tooManyRequests : m.acceptFailed)}
          </Alert>
        ) : null}
        <TextInput
          name="firstName"
          autoComplete="given-name"
          label={intl.formatMessage(m.firstName)}
          error={issues.firstName ? required : server.firstName}
          required
          autoFocus
        />
        <TextInput
          name="lastName"
          autoComplete="family-name"
          label={intl.formatMessage(m.lastName)}
          error={issues.lastName ? required : server.lastName}
          required
        />
        <PasswordInput
          visibilityToggleButtonProps={{ 'aria-label': intl.formatMessage(commonMessages.togglePassword) }}
          name="password"
          autoComplete="new-password"
          label={intl.formatMessage(m.password)}
          error={issues.password ? intl.formatMessage(passwordIssue[issues.password]) : server.password}
          required
        />
        <PasswordInput
          visibilityToggleButtonProps={{ 'aria-label': intl.formatMessage(commonMessages.togglePassword) }}
          name="passwordConfirmation"
          autoComplete="new-password"
          label={intl.formatMessage(m.confirmation)}
          error={
            issues.passwordConfirmation
              ? intl.formatMessage(confirmationIssue[issues.passwordConfirmation])
              : server.passwordConfirmation
          }
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
