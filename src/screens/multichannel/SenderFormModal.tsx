import { Alert, Button, Checkbox, Fieldset, Group, Modal, NumberInput, Stack, Text, TextInput } from '@mantine/core';
import { useSelector } from '@xstate/react';
import type { FormEvent } from 'react';
import { useIntl, type MessageDescriptor } from 'react-intl';
import {
  selectFormBusy,
  selectFormErrors,
  selectFormEditing,
  selectFormFailed,
  selectFormRelayConfigured,
  selectFormValues,
  type SenderFormRef,
} from '../../machines/senderSettings/senderSettings.selectors.ts';
import type { SenderFieldError, SenderFormField } from '../../machines/senderSettings/senderSettings.types.ts';
import { commonMessages } from '../../i18n/common.messages.ts';
import { WARMUP } from '../../../shared/messaging.ts';
import { sendersMessages as m } from './SendersScreen.messages.ts';

const ERROR_TEXT: Record<SenderFieldError, MessageDescriptor> = {
  required: m.errorRequired,
  addressTaken: m.errorAddressTaken,
  invalid: m.errorInvalid,
};

/** The add/edit sender form in a dialog; its machine (invoked by the page's) holds the values and the 422's errors. */
export function SenderFormModal({ form }: { form: SenderFormRef }) {
  const intl = useIntl();
  const values = useSelector(form, selectFormValues);
  const errors = useSelector(form, selectFormErrors);
  const failed = useSelector(form, selectFormFailed);
  const busy = useSelector(form, selectFormBusy);
  const editing = useSelector(form, selectFormEditing);
  const relayConfigured = useSelector(form, selectFormRelayConfigured);
  const error = (field: SenderFormField) => {
    const code = errors[field];
    return code ? intl.formatMessage(ERROR_TEXT[code]) : undefined;
  };
  const change = <F extends SenderFormField>(field: F, value: (typeof values)[F]) =>
    form.send({ type: 'form.change', field, value });
  const text = (field: 'name' | 'address' | 'replyTo' | 'relayUrl') => ({
    value: values[field],
    error: error(field),
    onChange: (event: FormEvent<HTMLInputElement>) => change(field, event.currentTarget.value),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    form.send({ type: 'form.submit' });
  };
  return (
    <Modal
      opened
      size="lg"
      onClose={() => form.send({ type: 'form.cancel' })}
      title={intl.formatMessage(editing ? m.formEdit : m.formAdd)}
      closeButtonProps={{ 'aria-label': intl.formatMessage(commonMessages.close) }}
      centered
    >
      <form onSubmit={submit} noValidate aria-busy={busy}>
        <Stack>
          {failed ? (
            <Alert color="red" role="alert">
              {intl.formatMessage(m.saveFailed)}
            </Alert>
          ) : null}
          {errors.form ? (
            <Alert color="red" role="alert">
              {intl.formatMessage(ERROR_TEXT[errors.form])}
            </Alert>
          ) : null}
          <TextInput label={intl.formatMessage(m.name)} required maxLength={100} data-autofocus {...text('name')} />
          <TextInput
            label={intl.formatMessage(m.address)}
            description={intl.formatMessage(m.formVerifyHint)}
            type="email"
            required
            maxLength={254}
            {...text('address')}
          />
          <TextInput label={intl.formatMessage(m.replyTo)} type="email" maxLength={254} {...text('replyTo')} />
          <TextInput
            label={intl.formatMessage(m.relayUrl)}
            description={intl.formatMessage(relayConfigured ? m.relayKept : m.relayHint)}
            maxLength={2000}
            {...text('relayUrl')}
          />
          <NumberInput
            label={intl.formatMessage(m.ratePerMinute)}
            description={intl.formatMessage(m.rateHint)}
            min={1}
            allowDecimal={false}
            value={values.ratePerMinute}
            error={error('ratePerMinute')}
            onChange={(value) => change('ratePerMinute', typeof value === 'number' ? value : '')}
          />
          <Fieldset legend={intl.formatMessage(m.warmupLegend)}>
            <Stack>
              <Text size="sm" c="dimmed">
                {intl.formatMessage(m.warmupAdvice, {
                  weeks: WARMUP.minWeeks,
                  initial: intl.formatNumber(WARMUP.initialQuota),
                  increase: WARMUP.dailyIncreasePct,
                })}
              </Text>
              <Checkbox
                label={intl.formatMessage(m.warmupEnabled)}
                checked={values.warmupEnabled}
                onChange={(event) => change('warmupEnabled', event.currentTarget.checked)}
              />
              <Group grow align="flex-start">
                <TextInput
                  type="date"
                  label={intl.formatMessage(m.warmupStartedOn)}
                  description={intl.formatMessage(m.warmupStartedOnHint)}
                  value={values.warmupStartedOn}
                  error={error('warmupStartedOn')}
                  onChange={(event) => change('warmupStartedOn', event.currentTarget.value)}
                />
                <NumberInput
                  label={intl.formatMessage(m.warmupInitial)}
                  min={1}
                  allowDecimal={false}
                  thousandSeparator={intl.locale.startsWith('it') ? '.' : ','}
                  value={values.warmupInitial}
                  error={error('warmupInitial')}
                  onChange={(value) => change('warmupInitial', typeof value === 'number' ? value : '')}
                />
                <NumberInput
                  label={intl.formatMessage(m.warmupIncreasePct)}
                  min={0}
                  max={500}
                  value={values.warmupIncreasePct}
                  error={error('warmupIncreasePct')}
                  onChange={(value) => change('warmupIncreasePct', typeof value === 'number' ? value : '')}
                />
              </Group>
            </Stack>
          </Fieldset>
          <Group justify="flex-end">
            <Button type="submit" loading={busy}>
              {intl.formatMessage(m.save)}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
