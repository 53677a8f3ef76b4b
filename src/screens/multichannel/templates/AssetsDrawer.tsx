import { ActionIcon, Alert, Button, CopyButton, Drawer, FileButton, Group, Image, Stack, Text } from '@mantine/core';
import { useSelector } from '@xstate/react';
import { useIntl } from 'react-intl';
import type { ActorRefFrom } from 'xstate';
import { ASSET_CONTENT_TYPES } from '../../../../shared/templates.ts';
import { ConfirmModal } from '../../../components/contacts/ConfirmModal.tsx';
import { commonMessages } from '../../../i18n/common.messages.ts';
import type { assetLibraryMachine } from '../../../machines/assetLibrary/assetLibrary.machine.ts';
import { assetsMessages as m } from './templates.messages.ts';

interface AssetsDrawerProps {
  actor: ActorRefFrom<typeof assetLibraryMachine>;
  opened: boolean;
  onClose: () => void;
}

/** The image library: upload, copy a public link, delete (after a confirmation). */
export function AssetsDrawer({ actor, opened, onClose }: AssetsDrawerProps) {
  const intl = useIntl();
  const assets = useSelector(actor, (s) => s.context.assets);
  const error = useSelector(actor, (s) => s.context.error);
  const pending = useSelector(actor, (s) => s.context.pending);
  const busy = useSelector(actor, (s) => s.hasTag('busy'));
  const loadFailed = useSelector(actor, (s) => s.matches('loadFailed'));
  const confirming = useSelector(actor, (s) => s.matches('confirmingDelete') || s.matches('deleting'));
  return (
    <Drawer opened={opened} onClose={onClose} position="right" title={intl.formatMessage(m.title)} size="md">
      <Stack>
        <Text size="sm" c="dimmed">
          {intl.formatMessage(m.hint)}
        </Text>
        <FileButton
          accept={ASSET_CONTENT_TYPES.join(',')}
          onChange={(file) => file && actor.send({ type: 'asset.upload', file })}
        >
          {(props) => (
            <Button {...props} loading={busy} w="fit-content">
              {intl.formatMessage(m.upload)}
            </Button>
          )}
        </FileButton>
        {error && (
          <Alert color="red" role="alert">
            <Group justify="space-between">
              <Text size="sm">{intl.formatMessage(m[error])}</Text>
              {loadFailed && (
                <Button size="xs" variant="light" onClick={() => actor.send({ type: 'assets.retry' })}>
                  {intl.formatMessage(commonMessages.retry)}
                </Button>
              )}
            </Group>
          </Alert>
        )}
        {!loadFailed && assets.length === 0 && !busy && <Text c="dimmed">{intl.formatMessage(m.empty)}</Text>}
        {assets.map((asset) => (
          <Group key={asset.id} wrap="nowrap" align="center">
            <Image src={asset.url} alt="" w={64} h={64} fit="contain" bg="gray.1" />
            <Stack gap={0} style={{ flex: 1, minWidth: 0 }}>
              <Text size="sm" truncate="end">
                {asset.filename}
              </Text>
              {asset.width && asset.height ? (
                <Text size="xs" c="dimmed">
                  {intl.formatMessage(m.size, { width: asset.width, height: asset.height })}
                </Text>
              ) : null}
            </Stack>
            <CopyButton value={asset.url}>
              {({ copied, copy }) => (
                <Button size="xs" variant="subtle" onClick={copy}>
                  {intl.formatMessage(copied ? m.copied : m.copy)}
                </Button>
              )}
            </CopyButton>
            <ActionIcon
              color="red"
              variant="subtle"
              aria-label={intl.formatMessage(m.delete, { name: asset.filename })}
              onClick={() => actor.send({ type: 'asset.delete', id: asset.id })}
            >
              ✕
            </ActionIcon>
          </Group>
        ))}
      </Stack>
      <ConfirmModal
        opened={confirming}
        title={intl.formatMessage(m.deleteTitle, { name: pending?.filename ?? '' })}
        text={intl.formatMessage(m.deleteText)}
        confirmLabel={intl.formatMessage(m.delete, { name: pending?.filename ?? '' })}
        cancelLabel={intl.formatMessage(commonMessages.cancel)}
        busy={busy}
        onConfirm={() => actor.send({ type: 'delete.confirm' })}
        onCancel={() => actor.send({ type: 'delete.cancel' })}
      />
    </Drawer>
  );
}
