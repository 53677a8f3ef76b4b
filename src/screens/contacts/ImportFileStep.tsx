import { FileInput, Group, Loader, Text } from '@mantine/core';
import { useSelector } from '@xstate/react';
import { useIntl } from 'react-intl';
import type { ActorRefFrom } from 'xstate';
import type { contactImportMachine } from '../../machines/contactImport/contactImport.machine.ts';
import { importMessages as m } from './ImportScreen.messages.ts';

const ACCEPT =
  '.csv,.xls,.xlsx,text/csv,application/vnd.ms-excel,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** The file chooser, with the reason a chosen file was refused under it, and the upload under way. */
export function ImportFileStep({
  actor,
  error,
}: {
  actor: ActorRefFrom<typeof contactImportMachine>;
  error: string | null;
}) {
  const intl = useIntl();
  const step = useSelector(actor, (s) => s.value);
  return (
    <>
      <FileInput
        label={intl.formatMessage(m.file)}
        placeholder={intl.formatMessage(m.filePlaceholder)}
        accept={ACCEPT}
        disabled={step !== 'choosing'}
        value={null}
        error={error}
        onChange={(file) => file && actor.send({ type: 'file.choose', file })}
        maw={420}
      />
      {step === 'uploading' ? (
        <Group>
          <Loader size="sm" />
          <Text>{intl.formatMessage(m.uploading)}</Text>
        </Group>
      ) : null}
    </>
  );
}
