import {
  Alert,
  Badge,
  Button,
  Group,
  List,
  Loader,
  Modal,
  Stack,
  Text,
  TextInput,
  Textarea,
  Title,
} from '@mantine/core';
import { useActorRef, useSelector } from '@xstate/react';
import { useRef, useState } from 'react';
import { useIntl } from 'react-intl';
import type { Channel } from '../../../../shared/messaging.ts';
import { actorOptions } from '../../../app/inspect.ts';
import { commonMessages } from '../../../i18n/common.messages.ts';
import { assetLibraryMachine } from '../../../machines/assetLibrary/assetLibrary.machine.ts';
import { templateEditorMachine } from '../../../machines/templateEditor/templateEditor.machine.ts';
import { testSendMachine } from '../../../machines/testSend/testSend.machine.ts';
import { MessagePreview } from '../../shared/MessagePreview.tsx';
import { AssetsDrawer } from './AssetsDrawer.tsx';
import { MergeTagMenu } from './MergeTagMenu.tsx';
import { MjmlCanvas, type MjmlCanvasHandle } from './MjmlCanvas.tsx';
import { SourceView } from './SourceView.tsx';
import { TestSendDialog } from './TestSendDialog.tsx';
import { editorMessages as m } from './templates.messages.ts';
import { Permitted } from '../../shared/Permitted.tsx';

interface TemplateEditorScreenProps {
  channel: Channel;
  templateId: number;
  onClose: () => void;
}

/**
 * One template: the drag-and-drop designer (email) or its text (other channels), the subject, merge tags, images,
 * the MJML source view, save with the server's problems, preview and test sends.
 */
export function TemplateEditorScreen({ channel, templateId, onClose }: TemplateEditorScreenProps) {
  const intl = useIntl();
  const editor = useActorRef(templateEditorMachine, { ...actorOptions(), input: { channel, templateId } });
  const assets = useActorRef(assetLibraryMachine, actorOptions());
  const testSend = useActorRef(testSendMachine, { ...actorOptions(), input: { channel, templateId } });
  const canvas = useRef<MjmlCanvasHandle>(null);
  const [panel, setPanel] = useState<'images' | 'preview' | null>(null);
  const [mergeNotice, setMergeNotice] = useState(false);

  const template = useSelector(editor, (s) => s.context.template);
  const loaded = useSelector(editor, (s) => s.context.loaded);
  const subject = useSelector(editor, (s) => s.context.subject);
  const mergeTags = useSelector(editor, (s) => s.context.mergeTags);
  const problems = useSelector(editor, (s) => s.context.problems);
  const error = useSelector(editor, (s) => s.context.error);
  const loading = useSelector(editor, (s) => s.matches('loading'));
  const loadFailed = useSelector(editor, (s) => s.matches('loadFailed'));
  const sourceOpen = useSelector(editor, (s) => s.matches('sourceView'));
  const dirty = useSelector(editor, (s) => s.matches({ editing: 'dirty' }) || s.matches('sourceView'));
  const saving = useSelector(editor, (s) => s.matches('saving'));
  const canSave = useSelector(editor, (s) => s.can({ type: 'editor.save', design: null, source: '' }));
  const assetUrls = useSelector(assets, (s) => s.context.assets.map((a) => a.url));
  const email = channel === 'email';
  const problemList = [...(problems.name ?? []), ...(problems.subject ?? []), ...(problems.source ?? [])];

  /** What is saved: the designer's project data and MJML, or the text of a text channel. */
  const current = () => (email ? canvas.current?.read() : null) ?? { design: null, source: loaded.source };
  const save = () => editor.send({ type: 'editor.save', ...current() });
  const insertTag = (tag: string) => setMergeNotice(!canvas.current?.insert(tag));

  if (loading || loadFailed || !template) {
    return (
      <Stack p="md" align="flex-start">
        <Button variant="subtle" onClick={onClose}>
          ← {intl.formatMessage(m.back)}
        </Button>
        {loadFailed ? (
          <Alert color="red" role="alert">
            <Group>
              <Text size="sm">{intl.formatMessage(m.loadFailed)}</Text>
              <Button size="xs" variant="light" onClick={() => editor.send({ type: 'editor.retry' })}>
                {intl.formatMessage(commonMessages.retry)}
              </Button>
            </Group>
          </Alert>
        ) : (
          <Loader size="sm" aria-label={intl.formatMessage(commonMessages.loading)} />
        )}
      </Stack>
    );
  }

  return (
    <Stack p="md" gap="sm">
      <Group justify="space-between" wrap="wrap">
        <Group gap="xs">
          <Button variant="subtle" onClick={onClose}>
            ← {intl.formatMessage(m.back)}
          </Button>
          <Title order={2} size="h3">
            {template.name}
          </Title>
          <Badge color={dirty ? 'yellow' : 'green'} variant="light">
            {intl.formatMessage(dirty ? m.unsaved : m.saved)}
          </Badge>
        </Group>
        <Group gap="xs">
          {email && <MergeTagMenu tags={mergeTags} onPick={insertTag} />}
          {email && (
            <Button variant="default" onClick={() => setPanel('images')}>
              {intl.formatMessage(m.images)}
            </Button>
          )}
          <Button variant="default" onClick={() => editor.send({ type: 'source.open', source: current().source })}>
            {intl.formatMessage(email ? m.source : m.body)}
          </Button>
          <Button variant="default" onClick={() => setPanel('preview')}>
            {intl.formatMessage(m.preview)}
          </Button>
          <Permitted permission="messages:send">
            <Button variant="default" onClick={() => testSend.send({ type: 'testSend.open' })}>
              {intl.formatMessage(m.testSend)}
            </Button>
          </Permitted>
          <Permitted permission="messages:write">
            <Button onClick={save} loading={saving} disabled={!canSave}>
              {intl.formatMessage(m.save)}
            </Button>
          </Permitted>
        </Group>
      </Group>
      <TextInput
        label={intl.formatMessage(m.subject)}
        value={subject}
        maxLength={300}
        error={problems.subject?.[0]}
        onChange={(e) => editor.send({ type: 'subject.changed', subject: e.currentTarget.value })}
      />
      {error === 'saveFailed' && (
        <Alert color="red" role="alert">
          {intl.formatMessage(m.saveFailed)}
        </Alert>
      )}
      {problemList.length > 0 && (
        <Alert color="red" role="alert" title={intl.formatMessage(m.problems)}>
          <List size="sm" ff="monospace">
            {problemList.map((p) => (
              <List.Item key={p}>{p}</List.Item>
            ))}
          </List>
        </Alert>
      )}
      {mergeNotice && (
        <Alert color="yellow" withCloseButton onClose={() => setMergeNotice(false)}>
          {intl.formatMessage(m.mergeTagNoTarget)}
        </Alert>
      )}
      {email ? (
        <MjmlCanvas
          ref={canvas}
          source={loaded.source}
          design={loaded.design}
          revision={loaded.revision}
          assetUrls={assetUrls}
          onChange={() => editor.send({ type: 'design.changed' })}
          onUpload={(file) => assets.send({ type: 'asset.upload', file })}
        />
      ) : (
        <Textarea value={loaded.source} readOnly autosize minRows={6} label={intl.formatMessage(m.body)} />
      )}
      <SourceView actor={editor} opened={sourceOpen} email={email} />
      <AssetsDrawer actor={assets} opened={panel === 'images'} onClose={() => setPanel(null)} />
      <Modal
        opened={panel === 'preview'}
        onClose={() => setPanel(null)}
        title={intl.formatMessage(m.preview)}
        size="auto"
        centered
      >
        <Stack>
          {dirty && (
            <Text size="sm" c="dimmed">
              {intl.formatMessage(m.previewSaveFirst)}
            </Text>
          )}
          <MessagePreview target={{ kind: 'template', channel, id: templateId }} />
        </Stack>
      </Modal>
      <TestSendDialog actor={testSend} />
    </Stack>
  );
}
