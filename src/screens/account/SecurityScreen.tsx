import { Alert, Badge, Button, Code, Group, Image, List, Paper, Stack, Text, Title } from '@mantine/core';
import { useActorRef, useSelector } from '@xstate/react';
import { useIntl, type MessageDescriptor } from 'react-intl';
import { actorOptions } from '../../app/inspect.ts';
import { commonMessages } from '../../i18n/common.messages.ts';
import { twoFactorMachine, type TwoFactorError } from '../../machines/twoFactor/twoFactor.machine.ts';
import { CodeForm } from './CodeForm.tsx';
import { securityMessages as m } from './SecurityScreen.messages.ts';

const ERRORS: Record<TwoFactorError, MessageDescriptor> = {
  loadFailed: m.loadFailed,
  enableFailed: m.enableFailed,
  disableFailed: m.disableFailed,
  verifyFailed: m.verifyFailed,
};

/** Account → Security: enable 2FA (QR code, code, recovery codes) or disable it with a code. */
export function SecurityScreen() {
  const intl = useIntl();
  const actor = useActorRef(twoFactorMachine, actorOptions());
  const step = useSelector(actor, (s) => s.value);
  const busy = useSelector(actor, (s) => s.hasTag('busy'));
  const status = useSelector(actor, (s) => s.context.status);
  const setup = useSelector(actor, (s) => s.context.setup);
  const recoveryCodes = useSelector(actor, (s) => s.context.recoveryCodes);
  const error = useSelector(actor, (s) => s.context.error);
  const codeIssue = useSelector(actor, (s) => s.context.codeIssue);
  const enabled = status?.enabled ?? false;
  return (
    <Paper withBorder p="xl" radius="md" maw={640}>
      <Stack>
        <Group justify="space-between">
          <Title order={2} size="h3">
            {intl.formatMessage(m.heading)}
          </Title>
          {status ? (
            <Badge color={enabled ? 'teal' : 'gray'} data-testid="two-factor-status">
              {intl.formatMessage(enabled ? m.enabled : m.disabled)}
            </Badge>
          ) : null}
        </Group>
        <Text c="dimmed">{intl.formatMessage(m.intro)}</Text>
        {error ? (
          <Alert color="red" role="alert">
            {intl.formatMessage(ERRORS[error])}
          </Alert>
        ) : null}
        {step === 'loadFailed' ? (
          <Button w="fit-content" onClick={() => actor.send({ type: 'status.retry' })}>
            {intl.formatMessage(commonMessages.retry)}
          </Button>
        ) : null}
        {step === 'disabled' || step === 'preparing' ? (
          <Button w="fit-content" loading={busy} onClick={() => actor.send({ type: 'setup.start' })}>
            {intl.formatMessage(m.enable)}
          </Button>
        ) : null}
        {(step === 'scanning' || step === 'enabling') && setup ? (
          <Stack>
            <Text>{intl.formatMessage(m.scan)}</Text>
            <Image src={setup.qrCode} alt={intl.formatMessage(m.qrAlt)} w={200} h={200} />
            <Text size="sm">
              {intl.formatMessage(m.manual)} <Code data-testid="totp-secret">{setup.secret}</Code>
            </Text>
            <CodeForm
              submitLabel={intl.formatMessage(m.confirmEnable)}
              issue={codeIssue}
              busy={busy}
              onSubmit={(code) => actor.send({ type: 'enable.submit', code })}
              onCancel={() => actor.send({ type: 'setup.cancel' })}
            />
          </Stack>
        ) : null}
        {step === 'showingCodes' ? (
          <Alert color="yellow" title={intl.formatMessage(m.recoveryTitle)}>
            <Text size="sm" mb="sm">
              {intl.formatMessage(m.recoveryText)}
            </Text>
            <List spacing={2} data-testid="recovery-codes">
              {recoveryCodes.map((code) => (
                <List.Item key={code}>
                  <Code>{code}</Code>
                </List.Item>
              ))}
            </List>
            <Button mt="md" onClick={() => actor.send({ type: 'codes.acknowledge' })}>
              {intl.formatMessage(m.recoveryDone)}
            </Button>
          </Alert>
        ) : null}
        {step === 'enabled' && status ? (
          <Group>
            <Text size="sm">{intl.formatMessage(m.codesLeft, { count: status.recoveryCodesLeft })}</Text>
            <Button variant="light" color="red" onClick={() => actor.send({ type: 'disable.start' })}>
              {intl.formatMessage(m.disable)}
            </Button>
          </Group>
        ) : null}
        {step === 'confirmingDisable' || step === 'disabling' ? (
          <Stack>
            <Text>{intl.formatMessage(m.disableText)}</Text>
            <CodeForm
              submitLabel={intl.formatMessage(m.confirmDisable)}
              issue={codeIssue}
              busy={busy}
              danger
              onSubmit={(code) => actor.send({ type: 'disable.submit', code })}
              onCancel={() => actor.send({ type: 'disable.cancel' })}
            />
          </Stack>
        ) : null}
      </Stack>
    </Paper>
  );
}
