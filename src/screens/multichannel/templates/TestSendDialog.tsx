import { Alert, Button, Group, Modal, Stack, Textarea } from '@mantine/core';
import { useSelector } from '@xstate/react';
import { useIntl } from 'react-intl';
import type { ActorRefFrom } from 'xstate';
import { TEST_SEND_MAX_ADDRESSES } from '../../../../shared/messaging.ts';
import { commonMessages } from '../../../i18n/common.messages.ts';
import type { testSendMachine } from '../../../machines/testSend/testSend.machine.ts';
import { testSendMessages as m } from './templates.messages.ts';

/** Up to TEST_SEND_MAX_ADDRESSES addresses, one per line or separated by commas; the machine checks and sends them. */
export function TestSendDialog({ actor }: { actor: ActorRefFrom<typeof testSendMachine> }) {
  const intl = useIntl();
  const opened = useSelector(actor, (s) => !s.matches('closed'));
  const error = useSelector(actor, (s) => s.context.error);
  const sent = useSelector(actor, (s) => (s.matches('sent') ? s.context.sent : null));
  const busy = useSelector(actor, (s) => s.hasTag('busy'));
  const max = TEST_SEND_MAX_ADDRESSES;
  return (
    <Modal
      opened={opened}
      onClose={() => actor.send({ type: 'testSend.close' })}
      title={intl.formatMessage(m.title)}
      centered
    >
      <form
        onSubmit={(event) => {
          event.preventDefault();
          const text = new FormData(event.currentTarget).get('addresses');
          const addresses = typeof text === 'string' ? text.split(/[\s,;]+/) : [];
          actor.send({ type: 'testSend.submit', addresses });
        }}
      >
        <Stack>
          <Textarea
            name="addresses"
            label={intl.formatMessage(m.addresses)}
            description={intl.formatMessage(m.addressesHint, { max })}
            autosize
            minRows={3}
            data-autofocus
            error={
              error === 'addressesInvalid'
                ? intl.formatMessage(m.addressesInvalid)
                : error === 'tooMany'
                  ? intl.formatMessage(m.tooMany, { max })
                  : null
            }
          />
          {error === 'sendFailed' && (
            <Alert color="red" role="alert">
              {intl.formatMessage(m.sendFailed)}
            </Alert>
          )}
          {sent !== null && (
            <Alert color="green" role="status">
              {intl.formatMessage(m.sent, { count: sent })}
            </Alert>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={() => actor.send({ type: 'testSend.close' })} disabled={busy}>
              {intl.formatMessage(commonMessages.close)}
            </Button>
            <Button type="submit" loading={busy}>
              {intl.formatMessage(m.send)}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
