import { ActionIcon, Alert, Anchor, Badge, Button, Group, Loader, Stack, Text } from '@mantine/core';
import { useActorRef, useSelector } from '@xstate/react';
import { FormattedDate, useIntl } from 'react-intl';
import { Link } from 'react-router';
import type { ActorRefFrom } from 'xstate';
import { notificationLink } from '../../../shared/notifications.ts';
import { RealtimeActor } from '../../app/actors.ts';
import { BellIcon } from '../../components/BellIcon.tsx';
import { Disclosure } from '../../components/Disclosure.tsx';
import { commonMessages } from '../../i18n/common.messages.ts';
import { notificationMessage } from '../../i18n/notifications.messages.ts';
import {
  notificationCentreMachine,
  type Notification,
} from '../../machines/notificationCentre/notificationCentre.machine.ts';
import { selectConnectionState } from '../../machines/realtime/realtime.selectors.ts';
import { badgeLabel } from '../../machines/toasts/toasts.selectors.ts';
import { bellText } from './NotificationsBell.messages.ts';

type CentreActor = ActorRefFrom<typeof notificationCentreMachine>;

/**
 * The bell, a notifications centre on the server's notifications (the notificationCentre machine): the badge is the
 * server's unread count (99+ above 99), kept live as notifications arrive over realtime; the list pages back in time,
 * each sentence links to the place it concerns and can be marked read, or all at once. Categories the user switched
 * off on /account/notifications are not notified in-app, so they never reach it. `data-realtime` carries the
 * connection's state (idle, connecting, connected, failed).
 */
export function NotificationsBell() {
  const intl = useIntl();
  const centre = useActorRef(notificationCentreMachine);
  const unread = useSelector(centre, (s) => s.context.unread);
  const connection = RealtimeActor.useSelector(selectConnectionState);
  const label = `${intl.formatMessage(commonMessages.notifications)}: ${intl.formatMessage(commonMessages.notificationsUnread, { count: unread })}`;
  return (
    <Disclosure
      width={360}
      trigger={(props) => (
        <div style={{ position: 'relative' }} data-realtime={connection}>
          <ActionIcon {...props} variant="subtle" size="lg" aria-label={label}>
            <BellIcon />
          </ActionIcon>
          {unread > 0 ? (
            <Badge
              size="xs"
              color="red"
              variant="filled"
              data-testid="bell-badge"
              aria-hidden
              style={{ position: 'absolute', top: -4, right: -8, pointerEvents: 'none' }}
            >
              {badgeLabel(unread)}
            </Badge>
          ) : null}
        </div>
      )}
    >
      {() => <Centre centre={centre} />}
    </Disclosure>
  );
}

function Centre({ centre }: { centre: CentreActor }) {
  const intl = useIntl();
  const loading = useSelector(centre, (s) => s.matches('loading'));
  const failed = useSelector(centre, (s) => s.matches('failed'));
  const items = useSelector(centre, (s) => s.context.items);
  const unread = useSelector(centre, (s) => s.context.unread);
  const hasMore = useSelector(centre, (s) => s.context.hasMore);
  const error = useSelector(centre, (s) => s.context.error);
  const busy = useSelector(centre, (s) => s.matches({ ready: 'markingAll' }));
  const loadingMore = useSelector(centre, (s) => s.matches({ ready: 'loadingMore' }));
  return (
    <Stack gap="xs" data-testid="notification-centre">
      <Group justify="space-between">
        <Text fw={600}>{intl.formatMessage(commonMessages.notifications)}</Text>
        {unread > 0 ? (
          <Button size="compact-xs" variant="subtle" loading={busy} onClick={() => centre.send({ type: 'all.read' })}>
            {intl.formatMessage(commonMessages.notificationsMarkRead)}
          </Button>
        ) : null}
      </Group>
      {loading ? (
        <Group gap="xs">
          <Loader size="xs" />
          <Text size="sm">{intl.formatMessage(bellText.loading)}</Text>
        </Group>
      ) : failed ? (
        <Alert color="red" role="alert">
          {intl.formatMessage(bellText.loadFailed)}{' '}
          <Button size="compact-xs" variant="subtle" onClick={() => centre.send({ type: 'centre.retry' })}>
            {intl.formatMessage(bellText.retry)}
          </Button>
        </Alert>
      ) : items.length === 0 ? (
        <Text size="sm" c="dimmed">
          {intl.formatMessage(commonMessages.notificationsEmpty)}
        </Text>
      ) : (
        <Stack gap={6} component="ul" mah={360} style={{ listStyle: 'none', padding: 0, margin: 0, overflowY: 'auto' }}>
          {items.map((n) => (
            <Item key={n.id} centre={centre} notification={n} />
          ))}
        </Stack>
      )}
      {error === 'readFailed' || error === 'moreFailed' ? (
        <Text size="xs" c="red" role="alert">
          {intl.formatMessage(error === 'readFailed' ? bellText.readFailed : bellText.moreFailed)}
        </Text>
      ) : null}
      <Group justify="space-between">
        <Anchor component={Link} to="/account/notifications" size="xs">
          {intl.formatMessage(bellText.settings)}
        </Anchor>
        {hasMore ? (
          <Button
            size="compact-xs"
            variant="default"
            loading={loadingMore}
            onClick={() => centre.send({ type: 'page.more' })}
          >
            {intl.formatMessage(bellText.more)}
          </Button>
        ) : null}
      </Group>
    </Stack>
  );
}

function Item({ centre, notification: n }: { centre: CentreActor; notification: Notification }) {
  const intl = useIntl();
  const isRead = useSelector(centre, (s) => s.context.read.includes(n.id));
  // Each sentence links to the place it concerns, when its kind names one; following it marks it read.
  const text = intl.formatMessage(notificationMessage(n.kind), n.values);
  const link = notificationLink(n.kind);
  const markRead = () => centre.send({ type: 'item.read', id: n.id });
  return (
    <li data-notification={n.kind} data-read={isRead}>
      <Group gap={6} wrap="nowrap" align="flex-start">
        {!isRead ? (
          <Badge size="xs" variant="dot" color="blue" aria-label={intl.formatMessage(bellText.unread)}>
            {' '}
          </Badge>
        ) : null}
        <Stack gap={0} style={{ flex: 1 }}>
          {link ? (
            <Anchor component={Link} to={link} size="sm" fw={isRead ? undefined : 600} onClick={markRead}>
              {text}
            </Anchor>
          ) : (
            <Text size="sm" fw={isRead ? undefined : 600}>
              {text}
            </Text>
          )}
          <Text size="xs" c="dimmed">
            <FormattedDate value={n.createdAt} dateStyle="medium" timeStyle="short" />
          </Text>
        </Stack>
        {!isRead ? (
          <Button size="compact-xs" variant="subtle" onClick={markRead}>
            {intl.formatMessage(bellText.markOne)}
          </Button>
        ) : null}
      </Group>
    </li>
  );
}
