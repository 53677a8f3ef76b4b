import { Alert, Button, Group, Loader, Paper, Stack, Text } from '@mantine/core';
import { useActorRef, useSelector } from '@xstate/react';
import { useIntl, type MessageDescriptor } from 'react-intl';
import { actorOptions } from '../../app/inspect.ts';
import { ConfirmModal } from '../../components/contacts/ConfirmModal.tsx';
import { commonMessages } from '../../i18n/common.messages.ts';
import {
  senderSettingsMachine,
  type SenderNotice,
  type SenderSettingsError,
} from '../../machines/senderSettings/senderSettings.machine.ts';
import {
  selectBusy,
  selectCanAct,
  selectConfirmingDelete,
  selectDeleting,
  selectError,
  selectForm,
  selectNotice,
  selectSenders,
  selectStep,
} from '../../machines/senderSettings/senderSettings.selectors.ts';
import { SENDER_VERIFICATION } from '../../../shared/senders.ts';
import { SenderFormModal } from './SenderFormModal.tsx';
import { SendersTable } from './SendersTable.tsx';
import { SendingDomains } from './SendingDomains.tsx';
import { sendersMessages as m } from './SendersScreen.messages.ts';
import { Permitted } from '../shared/Permitted.tsx';

const NOTICES: Record<SenderNotice, MessageDescriptor> = {
  resent: m.noticeResent,
  resendTooSoon: m.noticeTooSoon,
  deleted: m.noticeDeleted,
  saved: m.noticeSaved,
  inUse: m.noticeInUse,
};
const ERRORS: Record<SenderSettingsError, MessageDescriptor> = {
  loadFailed: m.loadFailed,
  deleteFailed: m.deleteFailed,
  resendFailed: m.resendFailed,
  checkFailed: m.checkFailed,
};

/** Multichannel → Settings → Senders: the senders with their verification, the form, and the sending domains. */
export function SendersScreen() {
  const intl = useIntl();
  const actor = useActorRef(senderSettingsMachine, actorOptions());
  const step = useSelector(actor, selectStep);
  const busy = useSelector(actor, selectBusy);
  const canAct = useSelector(actor, selectCanAct);
  const notice = useSelector(actor, selectNotice);
  const error = useSelector(actor, selectError);
  const senders = useSelector(actor, selectSenders);
  const confirming = useSelector(actor, selectConfirmingDelete);
  const deleting = useSelector(actor, selectDeleting);
  const form = useSelector(actor, selectForm);
  const doomed = senders.find((s) => s.id === confirming);
  return (
    <Stack gap="lg" maw={1100} aria-busy={busy}>
      <Paper withBorder p="xl" radius="md">
        <Stack>
          <Text c="dimmed">{intl.formatMessage(m.intro)}</Text>
          {step === 'loading' ? <Loader size="sm" aria-label={intl.formatMessage(commonMessages.loading)} /> : null}
          {error ? (
            <Alert color="red" role="alert">
              {intl.formatMessage(ERRORS[error])}
            </Alert>
          ) : null}
          {notice ? (
            <Alert
              color={notice === 'inUse' || notice === 'resendTooSoon' ? 'orange' : 'teal'}
              role="status"
              withCloseButton
              closeButtonLabel={intl.formatMessage(commonMessages.close)}
              onClose={() => actor.send({ type: 'notice.dismiss' })}
            >
              {intl.formatMessage(NOTICES[notice], { hours: SENDER_VERIFICATION.validHours })}
            </Alert>
          ) : null}
          {step === 'loadFailed' ? (
            <Button w="fit-content" onClick={() => actor.send({ type: 'settings.retry' })}>
              {intl.formatMessage(commonMessages.retry)}
            </Button>
          ) : null}
          {step === 'ready' ? (
            <>
              <Group>
                <Permitted permission="senders:manage">
                  <Button disabled={!canAct} onClick={() => actor.send({ type: 'sender.add' })}>
                    {intl.formatMessage(m.add)}
                  </Button>
                </Permitted>
              </Group>
              {senders.length ? <SendersTable actor={actor} /> : <Text>{intl.formatMessage(m.empty)}</Text>}
            </>
          ) : null}
        </Stack>
      </Paper>
      {step === 'ready' ? <SendingDomains actor={actor} /> : null}
      {form ? <SenderFormModal form={form} /> : null}
      <ConfirmModal
        opened={confirming !== null}
        title={intl.formatMessage(m.confirmTitle)}
        text={intl.formatMessage(m.confirmText, { address: doomed?.address ?? '' })}
        confirmLabel={intl.formatMessage(m.delete)}
        cancelLabel={intl.formatMessage(commonMessages.cancel)}
        busy={deleting}
        onConfirm={() => actor.send({ type: 'delete.confirm' })}
        onCancel={() => actor.send({ type: 'delete.cancel' })}
      />
    </Stack>
  );
}
