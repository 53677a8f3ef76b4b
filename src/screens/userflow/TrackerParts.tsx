import { BarChart } from '@mantine/charts';
import {
  Anchor,
  Button,
  Code,
  CopyButton,
  Group,
  List,
  NumberInput,
  Paper,
  SegmentedControl,
  Stack,
  Table,
  TagsInput,
  Text,
  Title,
} from '@mantine/core';
import { useIntl } from 'react-intl';
import { Link } from 'react-router';
import type {
  FieldErrors,
  TrackerDayCount,
  TrackerLiveEvent,
  TrackerSettingsDraft,
  TrackerSite,
} from '../../machines/tracker/tracker.types.ts';
import { TRACKER_LIMITS } from '../../../shared/tracker.ts';
import { trackerMessages as m, trackerTypeMessages } from './TrackerScreen.messages.ts';
import { Permitted } from '../shared/Permitted.tsx';

/** Code a page calls after the snippet (not translated: it is code). */
const CALLS = {
  event: "missiva('event', 'signed_up', { plan: 'pro' })",
  identify: "missiva('identify', 'name@example.com')",
  consent: "missiva('consent', true)",
};

export function TrackerSnippet({ site }: { site: TrackerSite }) {
  const intl = useIntl();
  return (
    <Paper withBorder p="md" radius="md">
      <Group justify="space-between" mb="sm">
        <Title order={2} size="h4">
          {intl.formatMessage(m.snippetTitle)}
        </Title>
        <CopyButton value={site.snippet}>
          {({ copied, copy }) => (
            <Button size="xs" variant={copied ? 'light' : 'filled'} onClick={copy}>
              {intl.formatMessage(copied ? m.copied : m.copy)}
            </Button>
          )}
        </CopyButton>
      </Group>
      <Code block data-testid="tracker-snippet">
        {site.snippet}
      </Code>
      <Text size="sm" mt="sm">
        {intl.formatMessage(m.snippetHelp)}
      </Text>
      <List size="sm" spacing={4} mt={4}>
        <List.Item>
          <Code>{CALLS.event}</Code> — {intl.formatMessage(m.eventHelp)}
        </List.Item>
        <List.Item>
          <Code>{CALLS.identify}</Code> — {intl.formatMessage(m.identifyHelp)}
        </List.Item>
        {site.consentMode === 'ask' ? (
          <List.Item>
            <Code>{CALLS.consent}</Code> — {intl.formatMessage(m.consentHelp)}
          </List.Item>
        ) : null}
      </List>
    </Paper>
  );
}

export function TrackerSettings({
  draft,
  errors,
  saving,
  canSave,
  onChange,
  onSave,
}: {
  draft: TrackerSettingsDraft;
  errors: FieldErrors;
  saving: boolean;
  canSave: boolean;
  onChange: (patch: Partial<TrackerSettingsDraft>) => void;
  onSave: () => void;
}) {
  const intl = useIntl();
  const domainError = Object.entries(errors).find(([k]) => k.startsWith('allowedDomains'))?.[1];
  return (
    <Paper withBorder p="md" radius="md">
      <Title order={2} size="h4" mb="sm">
        {intl.formatMessage(m.settingsTitle)}
      </Title>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          onSave();
        }}
      >
        <Stack maw={640}>
          <TagsInput
            label={intl.formatMessage(m.domains)}
            description={intl.formatMessage(m.domainsHelp)}
            placeholder={intl.formatMessage(m.domainsPlaceholder)}
            value={draft.allowedDomains}
            maxTags={TRACKER_LIMITS.maxAllowedDomains}
            onChange={(allowedDomains) => onChange({ allowedDomains })}
            error={domainError}
            splitChars={[',', ' ']}
          />
          <Stack gap={4}>
            <Text size="sm" fw={500} id="tracker-consent-label">
              {intl.formatMessage(m.consentMode)}
            </Text>
            <SegmentedControl
              aria-labelledby="tracker-consent-label"
              value={draft.consentMode}
              onChange={(value) => onChange({ consentMode: value as TrackerSettingsDraft['consentMode'] })}
              data={[
                { value: 'ask', label: intl.formatMessage(m.consentAsk) },
                { value: 'none', label: intl.formatMessage(m.consentNone) },
              ]}
            />
          </Stack>
          <NumberInput
            label={intl.formatMessage(m.retention)}
            value={draft.retentionDays}
            min={TRACKER_LIMITS.minRetentionDays}
            max={TRACKER_LIMITS.maxRetentionDays}
            allowDecimal={false}
            onChange={(value) => onChange({ retentionDays: Number(value) })}
            error={errors.retentionDays}
            w={240}
          />
          <Permitted permission="userflow:write">
            <Button type="submit" w="fit-content" loading={saving} disabled={!canSave}>
              {intl.formatMessage(m.save)}
            </Button>
          </Permitted>
        </Stack>
      </form>
    </Paper>
  );
}

export function TrackerDayChart({ days }: { days: TrackerDayCount[] }) {
  const intl = useIntl();
  const data = days.map((d) => ({
    ...d,
    label: intl.formatDate(`${d.day}T00:00:00Z`, { day: 'numeric', month: 'short', timeZone: 'UTC' }),
  }));
  return (
    <Paper withBorder p="md" radius="md">
      <Title order={2} size="h4" mb="sm">
        {intl.formatMessage(m.chartTitle)}
      </Title>
      <div data-testid="tracker-chart" role="img" aria-label={intl.formatMessage(m.chartTitle)}>
        <BarChart
          h={240}
          data={data}
          dataKey="label"
          type="stacked"
          withLegend
          series={[
            { name: 'pageViews', label: intl.formatMessage(m.pageViews), color: 'blue.6' },
            { name: 'events', label: intl.formatMessage(m.events), color: 'teal.6' },
            { name: 'identifies', label: intl.formatMessage(m.identifies), color: 'grape.6' },
          ]}
        />
      </div>
    </Paper>
  );
}

export function TrackerLiveEvents({ events }: { events: TrackerLiveEvent[] }) {
  const intl = useIntl();
  return (
    <Paper withBorder p="md" radius="md">
      <Title order={2} size="h4" mb="sm">
        {intl.formatMessage(m.liveTitle)}
      </Title>
      {events.length ? (
        <Table striped data-testid="tracker-live" aria-live="polite">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{intl.formatMessage(m.colTime)}</Table.Th>
              <Table.Th>{intl.formatMessage(m.colType)}</Table.Th>
              <Table.Th>{intl.formatMessage(m.colDetail)}</Table.Th>
              <Table.Th>{intl.formatMessage(m.colVisitor)}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {events.map((e) => (
              <Table.Tr key={`${e.id}:${e.receivedAt}`} data-type={e.type}>
                <Table.Td>{intl.formatTime(e.receivedAt, { timeStyle: 'medium' })}</Table.Td>
                <Table.Td>{intl.formatMessage(trackerTypeMessages[e.type])}</Table.Td>
                <Table.Td>{e.type === 'event' ? e.name : e.path}</Table.Td>
                <Table.Td>
                  {e.contactId !== null ? (
                    <Anchor component={Link} to={`/contacts/show/${e.contactId}`}>
                      {intl.formatMessage(m.contact)} #{e.contactId}
                    </Anchor>
                  ) : (
                    intl.formatMessage(m.anonymous)
                  )}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      ) : (
        <Text c="dimmed">{intl.formatMessage(m.liveEmpty)}</Text>
      )}
    </Paper>
  );
}
