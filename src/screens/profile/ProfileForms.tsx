import { Alert, Button, Group, Paper, PasswordInput, Stack, Text, TextInput, Title } from '@mantine/core';
import { useSelector } from '@xstate/react';
import type { FormEvent } from 'react';
import { useIntl } from 'react-intl';
import type { ActorRefFrom } from 'xstate';
import { commonMessages } from '../../i18n/common.messages.ts';
import { confirmationIssue, emailIssue, passwordIssue } from '../../i18n/validation.messages.ts';
import type { profileMachine } from '../../machines/profile/profile.machine.ts';
import { LanguageSwitch } from '../shell/LanguageSwitch.tsx';
import { profileMessages as m } from './ProfileScreen.messages.ts';

type Actor = ActorRefFrom<typeof profileMachine>;

const field = (form: FormData, name: string) => String(form.get(name) ?? '');

/** Names and phone; the language switch saves and applies the language through the session. */
export function DetailsForm({ actor }: { actor: Actor }) {
  const intl = useIntl();
  const details = useSelector(actor, (s) => s.context.details);
  const issues = useSelector(actor, (s) => s.context.detailIssues);
  const server = useSelector(actor, (s) => s.context.detailErrors);
  const busy = useSelector(actor, (s) => s.matches({ ready: { details: 'saving' } }));
  const saved = useSelector(actor, (s) => s.matches({ ready: { details: 'saved' } }));
  const failed = useSelector(actor, (s) => s.context.error === 'saveFailed');
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const details = { firstName: field(form, 'firstName'), lastName: field(form, 'lastName') };
    actor.send({
      type: 'details.save',
      details: {
        ...details,
        phonePrefix: field(form, 'phonePrefix').trim(),
        phoneNumber: field(form, 'phoneNumber').trim(),
      },
    });
  };
  return (
    <Paper withBorder p="md" component="section" aria-labelledby="profile-details">
      <form onSubmit={submit} noValidate aria-busy={busy}>
        <Stack>
          <Title order={2} size="h4" id="profile-details">
            {intl.formatMessage(m.details)}
          </Title>
          {saved ? (
            <Alert color="teal" role="status">
              {intl.formatMessage(m.saved)}
            </Alert>
          ) : null}
          {failed ? (
            <Alert color="red" role="alert">
              {intl.formatMessage(m.saveFailed)}
            </Alert>
          ) : null}
          <Group grow>
            <TextInput
              name="firstName"
              label={intl.formatMessage(m.firstName)}
              defaultValue={details.firstName}
              maxLength={100}
              error={server.firstName}
            />
            <TextInput
              name="lastName"
              label={intl.formatMessage(m.lastName)}
              defaultValue={details.lastName}
              maxLength={100}
              error={server.lastName}
            />
          </Group>
          <Group align="flex-start" wrap="nowrap">
            <TextInput
              name="phonePrefix"
              type="tel"
              w={120}
              placeholder="+39"
              label={intl.formatMessage(m.phonePrefix)}
              defaultValue={details.phonePrefix}
              error={
                issues.phonePrefix === 'required'
                  ? intl.formatMessage(m.prefixRequired)
                  : issues.phonePrefix
                    ? intl.formatMessage(m.prefixInvalid)
                    : server.phonePrefix
              }
            />
            <TextInput
              name="phoneNumber"
              type="tel"
              inputMode="numeric"
              style={{ flex: 1 }}
              label={intl.formatMessage(m.phoneNumber)}
              defaultValue={details.phoneNumber}
              error={issues.phoneNumber ? intl.formatMessage(m.phoneInvalid) : server.phoneNumber}
            />
          </Group>
          <Group justify="space-between">
            <Group gap="xs">
              <Text size="sm">{intl.formatMessage(m.language)}</Text>
              <LanguageSwitch />
            </Group>
            <Button type="submit" loading={busy}>
              {intl.formatMessage(m.save)}
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}

/** A new sign-in address: a link goes to it, and the page says to check the inbox. */
export function EmailForm({ actor }: { actor: Actor }) {
  const intl = useIntl();
  const sent = useSelector(actor, (s) => s.matches({ ready: { email: 'sent' } }));
  const busy = useSelector(actor, (s) => s.matches({ ready: { email: 'sending' } }));
  const email = useSelector(actor, (s) => s.context.newEmail);
  const issues = useSelector(actor, (s) => s.context.emailIssues);
  const server = useSelector(actor, (s) => s.context.emailErrors);
  const failed = useSelector(actor, (s) => s.context.error === 'emailFailed');
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    actor.send({ type: 'email.submit', email: field(new FormData(event.currentTarget), 'email').trim() });
  };
  return (
    <Paper withBorder p="md" component="section" aria-labelledby="profile-email">
      <Stack>
        <Title order={2} size="h4" id="profile-email">
          {intl.formatMessage(m.email)}
        </Title>
        {sent ? (
          <>
            <Alert color="teal" role="status">
              {intl.formatMessage(m.emailSent, { email })}
            </Alert>
            <Group>
              <Button variant="light" onClick={() => actor.send({ type: 'email.restart' })}>
                {intl.formatMessage(m.emailAgain)}
              </Button>
            </Group>
          </>
        ) : (
          <form onSubmit={submit} noValidate aria-busy={busy}>
            <Stack>
              {failed ? (
                <Alert color="red" role="alert">
                  {intl.formatMessage(m.emailFailed)}
                </Alert>
              ) : null}
              <TextInput
                name="email"
                type="email"
                autoComplete="email"
                label={intl.formatMessage(m.newEmail)}
                defaultValue={email}
                error={issues.email ? intl.formatMessage(emailIssue[issues.email]) : server.email}
              />
              <Group justify="flex-end">
                <Button type="submit" loading={busy}>
                  {intl.formatMessage(m.emailSubmit)}
                </Button>
              </Group>
            </Stack>
          </form>
        )}
      </Stack>
    </Paper>
  );
}

/** Current password, the new one and its confirmation (spec section 5 rules and messages). */
export function PasswordForm({ actor }: { actor: Actor }) {
  const intl = useIntl();
  const busy = useSelector(actor, (s) => s.matches({ ready: { password: 'changing' } }));
  const changed = useSelector(actor, (s) => s.matches({ ready: { password: 'changed' } }));
  const issues = useSelector(actor, (s) => s.context.passwordIssues);
  const server = useSelector(actor, (s) => s.context.passwordErrors);
  const failed = useSelector(actor, (s) => s.context.error === 'passwordFailed' || Object.keys(server).length > 0);
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const change = {
      currentPassword: field(form, 'currentPassword'),
      password: field(form, 'password'),
      passwordConfirmation: field(form, 'passwordConfirmation'),
    };
    actor.send({ type: 'password.submit', change });
  };
  const toggle = { 'aria-label': intl.formatMessage(commonMessages.togglePassword) };
  return (
    <Paper withBorder p="md" component="section" aria-labelledby="profile-password">
      {/* A new form after a change, so the typed passwords do not stay in the fields. */}
      <form key={changed ? 'changed' : 'editing'} onSubmit={submit} noValidate aria-busy={busy}>
        <Stack>
          <Title order={2} size="h4" id="profile-password">
            {intl.formatMessage(m.password)}
          </Title>
          {changed ? (
            <Alert color="teal" role="status">
              {intl.formatMessage(m.passwordChanged)}
            </Alert>
          ) : null}
          {failed ? (
            <Alert color="red" role="alert">
              {intl.formatMessage(m.passwordFailed)}
            </Alert>
          ) : null}
          <PasswordInput
            visibilityToggleButtonProps={toggle}
            name="currentPassword"
            autoComplete="current-password"
            label={intl.formatMessage(m.currentPassword)}
            error={issues.currentPassword ? intl.formatMessage(m.currentRequired) : server.currentPassword}
          />
          <PasswordInput
            visibilityToggleButtonProps={toggle}
            name="password"
            autoComplete="new-password"
            label={intl.formatMessage(m.newPassword)}
            error={issues.password ? intl.formatMessage(passwordIssue[issues.password]) : server.password}
          />
          <PasswordInput
            visibilityToggleButtonProps={toggle}
            name="passwordConfirmation"
            autoComplete="new-password"
            label={intl.formatMessage(m.confirmation)}
            error={
              issues.passwordConfirmation
                ? intl.formatMessage(confirmationIssue[issues.passwordConfirmation])
                : server.passwordConfirmation
            }
          />
          <Group justify="flex-end">
            <Button type="submit" loading={busy}>
              {intl.formatMessage(m.passwordSubmit)}
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}
