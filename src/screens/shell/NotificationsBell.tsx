import { ActionIcon, Anchor, Badge, Button, Stack, Text } from '@mantine/core';
import { FormattedDate, useIntl } from 'react-intl';
import { Link } from 'react-router';
import { notificationLink } from '../../../shared/notifications.ts';
import { RealtimeActor } from '../../app/actors.ts';
import { BellIcon } from '../../components/BellIcon.tsx';
import { Disclosure } from '../../components/Disclosure.tsx';
import { commonMessages } from '../../i18n/common.messages.ts';
import { notificationMessage } from '../../i18n/notifications.messages.ts';
import {
  selectConnectionState,
  selectNotifications,
  selectUnread,
} from '../../machines/realtime/realtime.selectors.ts';
import { badgeLabel } from '../../machines/toasts/toasts.selectors.ts';

/**
 * The bell: server notifications received over realtime; the badge counts unread ones (99+ above 99). Its
 * `data-realtime` attribute carries the connection's state (idle, connecting, connected, failed).
 */
export function NotificationsBell() {
  const intl = useIntl();
  const realtime = RealtimeActor.useActorRef();
  const unread = RealtimeActor.useSelector(selectUnread);
  const notifications = RealtimeActor.useSelector(selectNotifications);
  const connection = RealtimeActor.useSelector(selectConnectionState);
  const label = `${intl.formatMessage(commonMessages.notifications)}: ${intl.formatMessage(commonMessages.notificationsUnread, { count: unread })}`;
  return (
    <Disclosure
      width={340}
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
      {() => (
        <Stack gap="xs">
          <Text fw={600}>{intl.formatMessage(commonMessages.notifications)}</Text>
          {notifications.length === 0 ? (
            <Text size="sm" c="dimmed">
              {intl.formatMessage(commonMessages.notificationsEmpty)}
            </Text>
          ) : (
            <Stack gap={6} component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
              {notifications.map((n) => {
                // Each sentence links to the place it concerns, when its kind names one.
                const text = intl.formatMessage(notificationMessage(n.kind), n.values);
                const link = notificationLink(n.kind);
                return (
                  <li key={n.id}>
                    {link ? (
                      <Anchor component={Link} to={link} size="sm">
                        {text}
                      </Anchor>
                    ) : (
                      <Text size="sm">{text}</Text>
                    )}
                    <Text size="xs" c="dimmed">
                      <FormattedDate value={n.createdAt} dateStyle="medium" timeStyle="short" />
                    </Text>
                  </li>
                );
              })}
            </Stack>
          )}
          {unread > 0 ? (
            <Button size="xs" variant="light" onClick={() => realtime.send({ type: 'notifications.markRead' })}>
              {intl.formatMessage(commonMessages.notificationsMarkRead)}
            </Button>
          ) : null}
        </Stack>
      )}
    </Disclosure>
  );
}
