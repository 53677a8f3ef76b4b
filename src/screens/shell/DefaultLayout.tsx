import { Alert, Burger, Button, Center, Group, Loader } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useIntl } from 'react-intl';
import { Outlet } from 'react-router';
import { SessionActor } from '../../app/actors.ts';
import { commonMessages } from '../../i18n/common.messages.ts';
import { errorPageMessages } from '../../i18n/errors.messages.ts';
import { selectUserFailed, selectUserReady } from '../../machines/session/session.selectors.ts';
import { Brand } from './Brand.tsx';
import { LanguageSwitch } from './LanguageSwitch.tsx';
import { Navigation } from './Navigation.tsx';
import { NotificationsBell } from './NotificationsBell.tsx';
import { PageHeader } from './PageHeader.tsx';
import classes from './DefaultLayout.module.css';
import { UserMenu } from './UserMenu.tsx';

function Content() {
  const intl = useIntl();
  const session = SessionActor.useActorRef();
  const ready = SessionActor.useSelector(selectUserReady);
  const failed = SessionActor.useSelector(selectUserFailed);
  if (failed) {
    return (
      <Alert color="red" title={intl.formatMessage(errorPageMessages.internal)} role="alert">
        {intl.formatMessage(errorPageMessages.internalHelp)}
        <Group mt="md">
          <Button onClick={() => session.send({ type: 'user.retry' })}>
            {intl.formatMessage(commonMessages.retry)}
          </Button>
          <Button variant="default" onClick={() => session.send({ type: 'logout.submit' })}>
            {intl.formatMessage(commonMessages.logout)}
          </Button>
        </Group>
      </Alert>
    );
  }
  if (!ready) {
    return (
      <Center mih={240}>
        <Loader aria-label={intl.formatMessage(commonMessages.loading)} />
      </Center>
    );
  }
  return <Outlet />;
}

/** The default layout: navigation of the areas, a header with language, notifications and the user menu. */
export function DefaultLayout() {
  const intl = useIntl();
  const [opened, { toggle, close }] = useDisclosure(false);
  return (
    <div className={classes.shell}>
      <a href="#main" className={classes.skip}>
        {intl.formatMessage(commonMessages.skipToContent)}
      </a>
      <Group component="header" className={classes.header} px="md" justify="space-between" wrap="nowrap">
        <Group gap="sm" wrap="nowrap">
          <Burger
            opened={opened}
            onClick={toggle}
            hiddenFrom="sm"
            size="sm"
            aria-label={intl.formatMessage(commonMessages.openNavigation)}
            aria-expanded={opened}
          />
          <Brand />
        </Group>
        <Group gap="md" wrap="nowrap">
          <LanguageSwitch />
          <NotificationsBell />
          <UserMenu />
        </Group>
      </Group>
      <div className={classes.nav} data-opened={opened || undefined}>
        <Navigation onNavigate={close} />
      </div>
      <main className={classes.main} id="main" tabIndex={-1}>
        <PageHeader />
        <Content />
      </main>
    </div>
  );
}
