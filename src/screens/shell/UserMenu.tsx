import { Avatar, Button, Divider, Group, Stack, Text, UnstyledButton } from '@mantine/core';
import { useIntl } from 'react-intl';
import { Link } from 'react-router';
import { SessionActor } from '../../app/actors.ts';
import { Disclosure } from '../../components/Disclosure.tsx';
import { commonMessages } from '../../i18n/common.messages.ts';
import { fullName, initials, selectUser } from '../../machines/session/session.selectors.ts';

/** The user's full name and initials; links to account security; logs out. */
export function UserMenu() {
  const intl = useIntl();
  const session = SessionActor.useActorRef();
  const user = SessionActor.useSelector(selectUser);
  const canLogout = SessionActor.useSelector((s) => s.can({ type: 'logout.submit' }));
  if (!user) return null;
  const name = fullName(user);
  return (
    <Disclosure
      width={240}
      trigger={(props) => (
        <UnstyledButton
          {...props}
          aria-label={intl.formatMessage(commonMessages.userMenu, { name })}
          data-testid="user-menu"
        >
          <Group gap="xs" wrap="nowrap">
            <Avatar radius="xl" color="indigo" size="md" aria-hidden>
              {initials(user)}
            </Avatar>
            <Text size="sm" fw={500} visibleFrom="sm">
              {name}
            </Text>
          </Group>
        </UnstyledButton>
      )}
    >
      {(close) => (
        <Stack gap={4}>
          <Text size="xs" c="dimmed" truncate>
            {user.email}
          </Text>
          <Button component={Link} to="/account/security" variant="subtle" justify="start" onClick={close}>
            {intl.formatMessage(commonMessages.userMenuSecurity)}
          </Button>
          <Divider />
          <Button
            variant="subtle"
            color="red"
            justify="start"
            disabled={!canLogout}
            onClick={() => session.send({ type: 'logout.submit' })}
          >
            {intl.formatMessage(commonMessages.logout)}
          </Button>
        </Stack>
      )}
    </Disclosure>
  );
}
