import { Alert, Button, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { useActorRef, useSelector } from '@xstate/react';
import { useIntl } from 'react-intl';
import { actorOptions } from '../../app/inspect.ts';
import { trackerMachine } from '../../machines/tracker/tracker.machine.ts';
import {
  selectBusy,
  selectCanCreate,
  selectCanSave,
  selectDays,
  selectDraft,
  selectError,
  selectEvents,
  selectFieldErrors,
  selectSite,
  selectStep,
} from '../../machines/tracker/tracker.selectors.ts';
import { TrackerDayChart, TrackerLiveEvents, TrackerSettings, TrackerSnippet } from './TrackerParts.tsx';
import { trackerMessages as m } from './TrackerScreen.messages.ts';
import { Permitted } from '../shared/Permitted.tsx';

/** UserFlow → Tracker: the site's snippet, its settings, live events and the events per day. */
export function TrackerScreen() {
  const intl = useIntl();
  const actor = useActorRef(trackerMachine, actorOptions());
  const step = useSelector(actor, selectStep);
  const site = useSelector(actor, selectSite);
  const draft = useSelector(actor, selectDraft);
  const events = useSelector(actor, selectEvents);
  const days = useSelector(actor, selectDays);
  const error = useSelector(actor, selectError);
  const fieldErrors = useSelector(actor, selectFieldErrors);
  const busy = useSelector(actor, selectBusy);
  const canSave = useSelector(actor, selectCanSave);
  const canCreate = useSelector(actor, selectCanCreate);

  return (
    <Stack>
      {/* The shell's page title is the page's one h1 ("Tracker"). */}
      <Text c="dimmed">{intl.formatMessage(m.intro)}</Text>
      {error && error !== 'loadFailed' ? (
        <Alert color="red" role="alert">
          {intl.formatMessage(m[error])}
        </Alert>
      ) : null}
      {step === 'loading' ? <Loader aria-label={intl.formatMessage(m.title)} /> : null}
      {step === 'loadFailed' ? (
        <Alert color="red" role="alert">
          <Group justify="space-between">
            <Text>{intl.formatMessage(m.loadFailed)}</Text>
            <Button size="xs" onClick={() => actor.send({ type: 'tracker.retry' })}>
              {intl.formatMessage(m.retry)}
            </Button>
          </Group>
        </Alert>
      ) : null}
      {step === 'empty' ? (
        <Stack align="flex-start" data-testid="tracker-empty">
          <Title order={2} size="h3">
            {intl.formatMessage(m.emptyTitle)}
          </Title>
          <Text maw={640}>{intl.formatMessage(m.emptyText)}</Text>
          <Permitted permission="userflow:write">
            <Button loading={busy} disabled={!canCreate} onClick={() => actor.send({ type: 'site.create' })}>
              {intl.formatMessage(m.create)}
            </Button>
          </Permitted>
        </Stack>
      ) : null}
      {step === 'ready' && site && draft ? (
        <>
          <TrackerSnippet site={site} />
          <TrackerSettings
            draft={draft}
            errors={fieldErrors}
            saving={busy}
            canSave={canSave}
            onChange={(patch) => actor.send({ type: 'settings.change', patch })}
            onSave={() => actor.send({ type: 'settings.save' })}
          />
          <TrackerDayChart days={days} />
          <TrackerLiveEvents events={events} />
        </>
      ) : null}
    </Stack>
  );
}
