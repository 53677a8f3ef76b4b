import {
  Alert,
  Button,
  Card,
  Group,
  Pagination,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useActorRef, useSelector } from '@xstate/react';
import { useIntl } from 'react-intl';
import { Link, useNavigate, useParams } from 'react-router';
import type { components } from '../../../shared/contract/schema';
import { CHANNELS, isChannel, LIVE_CHANNELS, MESSAGE_STATUSES, MESSAGE_TYPES } from '../../../shared/messaging.ts';
import { actorOptions } from '../../app/inspect.ts';
import { commonMessages } from '../../i18n/common.messages.ts';
import { readCampaigns, watchCampaigns } from '../../machines/pagedList/pagedList.actors.ts';
import { pagedListMachine } from '../../machines/pagedList/pagedList.machine.ts';
import { newCampaignMachine } from '../../machines/newCampaign/newCampaign.machine.ts';
import { CampaignTable } from './CampaignTable.tsx';
import { consoleMessages as m } from './console.messages.ts';
import { CHANNEL_LABELS, STATUS_LABELS, TYPE_LABELS } from './labels.ts';
import { Permitted } from '../shared/Permitted.tsx';

type CampaignRow = components['schemas']['CampaignRow'];
const consoleList = pagedListMachine.provide({ actors: { readPage: readCampaigns, watch: watchCampaigns } });

/**
 * The message console: `/multichannel` lists every channel (email live, WhatsApp and SMS coming) and every
 * campaign; `/multichannel/{channel}` one channel's campaigns. Filters, pages and live rows come from the list
 * machine; "New campaign" makes a draft and opens it in the wizard.
 */
export function ConsoleScreen() {
  const intl = useIntl();
  const navigate = useNavigate();
  const { channel } = useParams();
  const scoped = isChannel(channel) ? channel : undefined;
  const list = useActorRef(consoleList, { ...actorOptions(), input: { query: scoped ? { channel: scoped } : {} } });
  const creator = useActorRef(newCampaignMachine, actorOptions(), (snapshot) => {
    if (snapshot.status === 'done' && snapshot.context.created)
      void navigate(`/multichannel/${scoped ?? 'email'}/${snapshot.context.created}`);
  });
  const rows = useSelector(list, (s) => s.context.rows as CampaignRow[]);
  const query = useSelector(list, (s) => s.context.query);
  const pagination = useSelector(list, (s) => s.context.pagination);
  const loading = useSelector(list, (s) => s.hasTag('busy'));
  const failed = useSelector(list, (s) => s.hasTag('error'));
  const creating = useSelector(creator, (s) => s.hasTag('busy'));
  const createFailed = useSelector(creator, (s) => s.context.failed);
  const filtered = Object.entries(query).some(([key, value]) => key !== 'channel' && value);
  const set = (key: string, value: string | null) =>
    list.send({ type: 'list.query', query: { ...query, [key]: value ?? '' } });
  return (
    <Stack gap="md">
      <Group justify="flex-end">
        <Group>
          <Button component={Link} to="/multichannel/messages" variant="default">
            {intl.formatMessage(m.messageLog)}
          </Button>
          <Permitted permission="messages:write">
            <Button
              onClick={() => creator.send({ type: 'campaign.create', channel: scoped ?? 'email' })}
              loading={creating}
              disabled={scoped !== undefined && !LIVE_CHANNELS.includes(scoped)}
            >
              {intl.formatMessage(m.newCampaign)}
            </Button>
          </Permitted>
        </Group>
      </Group>
      {createFailed ? <Alert color="red">{intl.formatMessage(m.newCampaignFailed)}</Alert> : null}
      {scoped ? null : (
        <section aria-label={intl.formatMessage(m.channels)}>
          <SimpleGrid cols={{ base: 1, sm: 3 }}>
            {CHANNELS.map((name) => (
              <Card key={name} withBorder data-channel={name}>
                <Text fw={600}>{intl.formatMessage(CHANNEL_LABELS[name])}</Text>
                <Text size="sm" c="dimmed" mb="sm">
                  {intl.formatMessage(LIVE_CHANNELS.includes(name) ? m.live : m.coming)}
                </Text>
                {LIVE_CHANNELS.includes(name) ? (
                  <Button component={Link} to={`/multichannel/${name}`} size="xs" variant="light">
                    {intl.formatMessage(m.openChannel)}
                  </Button>
                ) : null}
              </Card>
            ))}
          </SimpleGrid>
        </section>
      )}
      <Title order={2} size="h3">
        {intl.formatMessage(m.campaigns)}
      </Title>
      <Group align="flex-end" wrap="wrap">
        <TextInput
          label={intl.formatMessage(m.search)}
          value={query.q ?? ''}
          onChange={(e) => set('q', e.currentTarget.value)}
        />
        <Select
          label={intl.formatMessage(m.status)}
          placeholder={intl.formatMessage(m.anyStatus)}
          data={MESSAGE_STATUSES.map((s) => ({ value: s, label: intl.formatMessage(STATUS_LABELS[s]) }))}
          value={query.status || null}
          onChange={(value) => set('status', value)}
          clearable
        />
        <Select
          label={intl.formatMessage(m.type)}
          placeholder={intl.formatMessage(m.anyType)}
          data={MESSAGE_TYPES.map((t) => ({ value: t, label: intl.formatMessage(TYPE_LABELS[t]) }))}
          value={query.type || null}
          onChange={(value) => set('type', value)}
          clearable
        />
        <TextInput
          type="date"
          label={intl.formatMessage(m.from)}
          value={query.from ?? ''}
          onChange={(e) => set('from', e.currentTarget.value)}
        />
        <TextInput
          type="date"
          label={intl.formatMessage(m.to)}
          value={query.to ?? ''}
          onChange={(e) => set('to', e.currentTarget.value)}
        />
      </Group>
      {failed ? (
        <Alert color="red" title={intl.formatMessage(m.loadFailed)}>
          <Button size="xs" variant="light" onClick={() => list.send({ type: 'list.retry' })}>
            {intl.formatMessage(commonMessages.retry)}
          </Button>
        </Alert>
      ) : null}
      <div aria-busy={loading} data-testid="campaigns">
        {rows.length ? <CampaignTable rows={rows} /> : null}
        {!loading && !failed && !rows.length ? (
          <Text c="dimmed" py="lg">
            {intl.formatMessage(filtered ? m.emptyFiltered : m.empty)}
          </Text>
        ) : null}
      </div>
      {pagination && pagination.pages > 1 ? (
        <Group justify="space-between">
          <Text size="sm">{intl.formatMessage(m.total, { count: pagination.total })}</Text>
          <Pagination
            total={pagination.pages}
            value={pagination.page}
            onChange={(page) => list.send({ type: 'list.page', page })}
            aria-label={intl.formatMessage(m.pages)}
          />
        </Group>
      ) : null}
    </Stack>
  );
}
