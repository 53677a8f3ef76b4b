import { Button, Group, MultiSelect, Select, TextInput } from '@mantine/core';
import { useSelector } from '@xstate/react';
import { useIntl } from 'react-intl';
import type { ActorRefFrom } from 'xstate';
import type { ContactSort } from '../../machines/contactsTable/contacts.types.ts';
import type { contactsTableMachine } from '../../machines/contactsTable/contactsTable.machine.ts';
import { contactsTableMessages as m } from './ContactsScreen.messages.ts';
import { Permitted } from '../shared/Permitted.tsx';

type TableActor = ActorRefFrom<typeof contactsTableMachine>;

const SORTS: Array<{ value: ContactSort; label: keyof typeof m }> = [
  { value: '-createdAt', label: 'sortNewest' },
  { value: 'createdAt', label: 'sortOldest' },
  { value: 'email', label: 'sortEmail' },
  { value: '-email', label: 'sortEmailDesc' },
  { value: 'firstName', label: 'sortFirstName' },
  { value: '-firstName', label: 'sortFirstNameDesc' },
  { value: 'lastName', label: 'sortLastName' },
  { value: '-lastName', label: 'sortLastNameDesc' },
];

/** Search, list or segment filter, sort, attribute columns and the create button. */
export function ContactsToolbar({ actor, onCreate }: { actor: TableActor; onCreate: () => void }) {
  const intl = useIntl();
  const lists = useSelector(actor, (s) => s.context.lists);
  const segments = useSelector(actor, (s) => s.context.segments);
  const attributes = useSelector(actor, (s) => s.context.attributes);
  const query = useSelector(actor, (s) => s.context.query);
  const columns = useSelector(actor, (s) => s.context.columns);
  const filterValue = query.listId ? `list:${query.listId}` : query.segmentId ? `segment:${query.segmentId}` : 'all';
  const filters = [
    { value: 'all', label: intl.formatMessage(m.allContacts) },
    ...(lists.length
      ? [
          {
            group: intl.formatMessage(m.listsGroup),
            items: lists.map((l) => ({ value: `list:${l.id}`, label: l.name })),
          },
        ]
      : []),
    ...(segments.length
      ? [
          {
            group: intl.formatMessage(m.segmentsGroup),
            items: segments.map((s) => ({ value: `segment:${s.id}`, label: s.name })),
          },
        ]
      : []),
  ];
  const setFilter = (value: string | null) => {
    const [kind, id] = (value ?? 'all').split(':');
    actor.send({
      type: 'query.filter',
      listId: kind === 'list' ? Number(id) : null,
      segmentId: kind === 'segment' ? Number(id) : null,
    });
  };
  return (
    <Group align="flex-end" wrap="wrap">
      <TextInput
        type="search"
        label={intl.formatMessage(m.search)}
        value={query.q}
        onChange={(e) => actor.send({ type: 'query.search', q: e.currentTarget.value })}
        maxLength={100}
        w={260}
      />
      <Select
        label={intl.formatMessage(m.filter)}
        data={filters}
        value={filterValue}
        onChange={setFilter}
        allowDeselect={false}
        searchable
        w={220}
      />
      <Select
        label={intl.formatMessage(m.sort)}
        data={SORTS.map((s) => ({ value: s.value, label: intl.formatMessage(m[s.label] as typeof m.sortNewest) }))}
        value={query.sort}
        onChange={(v) => v && actor.send({ type: 'query.sort', sort: v as ContactSort })}
        allowDeselect={false}
        w={180}
      />
      {attributes.length ? (
        <MultiSelect
          label={intl.formatMessage(m.columns)}
          data={attributes.map((a) => ({ value: String(a.id), label: a.name }))}
          value={columns.map(String)}
          onChange={(v) => actor.send({ type: 'columns.change', attributeIds: v.map(Number) })}
          w={240}
        />
      ) : null}
      <Permitted permission="contacts:write">
        <Button ml="auto" onClick={onCreate}>
          {intl.formatMessage(m.create)}
        </Button>
      </Permitted>
    </Group>
  );
}
