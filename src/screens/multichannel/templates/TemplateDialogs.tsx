import { Button, Group, Modal, Radio, Stack, TextInput } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { useIntl } from 'react-intl';
import { TEMPLATE_STARTERS, type TemplateStarter } from '../../../../shared/templates.ts';
import { commonMessages } from '../../../i18n/common.messages.ts';
import { templatesMessages as m } from './templates.messages.ts';

const STARTER_LABELS = {
  blank: m.starterBlank,
  newsletter: m.starterNewsletter,
  announcement: m.starterAnnouncement,
} satisfies Record<TemplateStarter, unknown>;

interface CreateDialogProps {
  opened: boolean;
  busy: boolean;
  error: string | null;
  onSubmit: (name: string, starter: TemplateStarter) => void;
  onClose: () => void;
}

/** The name and the starter design of a new template. */
export function CreateTemplateDialog({ opened, busy, error, onSubmit, onClose }: CreateDialogProps) {
  const intl = useIntl();
  const [name, setName] = useState('');
  const [starter, setStarter] = useState<TemplateStarter>('blank');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit(name, starter);
  };
  return (
    <Modal opened={opened} onClose={onClose} title={intl.formatMessage(m.createTitle)} centered>
      <form onSubmit={submit}>
        <Stack>
          <TextInput
            label={intl.formatMessage(m.name)}
            value={name}
            maxLength={100}
            data-autofocus
            error={error}
            onChange={(e) => setName(e.currentTarget.value)}
          />
          <Radio.Group
            label={intl.formatMessage(m.starter)}
            value={starter}
            onChange={(v) => setStarter(v as TemplateStarter)}
          >
            <Group mt="xs">
              {TEMPLATE_STARTERS.map((s) => (
                <Radio key={s} value={s} label={intl.formatMessage(STARTER_LABELS[s])} />
              ))}
            </Group>
          </Radio.Group>
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {intl.formatMessage(commonMessages.cancel)}
            </Button>
            <Button type="submit" loading={busy}>
              {intl.formatMessage(m.createSubmit)}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

interface RenameDialogProps {
  initialName: string;
  busy: boolean;
  error: string | null;
  onSubmit: (name: string) => void;
  onClose: () => void;
}

/** A new name for a template (mounted while open, so it starts from the current name). */
export function RenameTemplateDialog({ initialName, busy, error, onSubmit, onClose }: RenameDialogProps) {
  const intl = useIntl();
  const [name, setName] = useState(initialName);
  return (
    <Modal opened onClose={onClose} title={intl.formatMessage(m.renameTitle)} centered>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          onSubmit(name);
        }}
      >
        <Stack>
          <TextInput
            label={intl.formatMessage(m.name)}
            value={name}
            maxLength={100}
            data-autofocus
            error={error}
            onChange={(e) => setName(e.currentTarget.value)}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {intl.formatMessage(commonMessages.cancel)}
            </Button>
            <Button type="submit" loading={busy}>
              {intl.formatMessage(m.save)}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
