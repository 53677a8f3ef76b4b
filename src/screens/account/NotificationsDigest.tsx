import { Fieldset, List, Stack, Switch, Text } from '@mantine/core';
import { useSelector } from '@xstate/react';
import { useCallback, useId } from 'react';
import { useIntl } from 'react-intl';
import type { ActorRefFrom } from 'xstate';
import { ScheduleEditorField } from '../shared/ScheduleEditorField.tsx';
import type { ScheduleError } from '../../../shared/cron.ts';
import type { notificationSettingsMachine } from '../../machines/notificationSettings/notificationSettings.machine.ts';
import {
  selectDraft,
  selectEditable,
  selectFieldErrors,
  selectRevision,
  selectSaved,
  selectTimeZone,
} from '../../machines/notificationSettings/notificationSettings.selectors.ts';
import { FieldErrorText } from './NotificationsFieldError.tsx';
import { notificationsMessages as m } from './NotificationsScreen.messages.ts';

type Actor = ActorRefFrom<typeof notificationSettingsMachine>;

/** The digest: on/off, its schedule (the schedule editor, in the browser's zone), the saved next runs, the last one sent. */
export function NotificationsDigest({ actor }: { actor: Actor }) {
  const intl = useIntl();
  const draft = useSelector(actor, selectDraft);
  const saved = useSelector(actor, selectSaved);
  const editable = useSelector(actor, selectEditable);
  const revision = useSelector(actor, selectRevision);
  const timeZone = useSelector(actor, selectTimeZone);
  const fieldErrors = useSelector(actor, selectFieldErrors);
  const runsHeading = useId();
  const onChange = useCallback((pattern: string) => actor.send({ type: 'schedule.changed', pattern }), [actor]);
  const onError = useCallback((error: ScheduleError) => actor.send({ type: 'schedule.rejected', error }), [actor]);
  if (!draft || !saved) return null;
  const when = (iso: string, zone: string) =>
    intl.formatDate(iso, { dateStyle: 'full', timeStyle: 'short', timeZone: zone });
  return (
    <Fieldset legend={intl.formatMessage(m.digestLegend)} disabled={!editable}>
      <Stack>
        <Text size="sm" c="dimmed">
          {intl.formatMessage(m.digestIntro)}
        </Text>
        <Switch
          label={intl.formatMessage(m.digestEnabled)}
          checked={draft.digest.enabled}
          onChange={(event) => actor.send({ type: 'digest.toggle', enabled: event.currentTarget.checked })}
        />
        {draft.digest.enabled ? (
          <Stack gap="xs" data-testid="digest-schedule" data-pattern={draft.digest.pattern}>
            <ScheduleEditorField
              key={revision}
              defaultValue={draft.digest.pattern}
              defaultPeriod={draft.digest.period}
              timeZone={timeZone}
              locale={intl.locale}
              onChange={onChange}
              onError={onError}
            />
            <FieldErrorText message={fieldErrors['digest.pattern']} />
            <Text size="sm" data-testid="digest-time-zone">
              {saved.digest.timeZone === timeZone
                ? intl.formatMessage(m.timeZone, { timeZone })
                : intl.formatMessage(m.zoneChange, { savedTimeZone: saved.digest.timeZone, timeZone })}
            </Text>
            <FieldErrorText message={fieldErrors['digest.timeZone']} />
          </Stack>
        ) : null}
        {saved.digest.enabled && saved.digest.nextRuns.length > 0 ? (
          <Stack gap={4}>
            <Text size="sm" fw={500} id={runsHeading}>
              {intl.formatMessage(m.savedRuns)}
            </Text>
            <List size="sm" aria-labelledby={runsHeading} data-testid="saved-next-runs">
              {saved.digest.nextRuns.map((run) => (
                <List.Item key={run}>
                  <time dateTime={run}>{when(run, saved.digest.timeZone)}</time>
                </List.Item>
              ))}
            </List>
          </Stack>
        ) : null}
        <Text size="sm" data-testid="digest-last-sent">
          {saved.digest.lastSentAt
            ? intl.formatMessage(m.lastSent, { date: when(saved.digest.lastSentAt, saved.digest.timeZone) })
            : intl.formatMessage(m.neverSent)}
        </Text>
      </Stack>
    </Fieldset>
  );
}
