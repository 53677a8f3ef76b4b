import { Alert, Box, Button, Center, Loader, Stack, Text } from '@mantine/core';
import { useEffect, useImperativeHandle, useLayoutEffect, useRef, useState, type Ref } from 'react';
import { useIntl } from 'react-intl';
import { commonMessages } from '../../../i18n/common.messages.ts';
import { editorMessages as m } from './templates.messages.ts';
import type { Editor } from './grapes.ts';

type Grapes = typeof import('./grapes.ts');

export interface MjmlCanvasHandle {
  /** The design as it stands: project data and MJML; null while the designer is not loaded. */
  read(): { design: Record<string, unknown>; source: string } | null;
  /** Inserts a merge tag at the cursor or into the selected text; false when there is nowhere to put it. */
  insert(text: string): boolean;
}

interface MjmlCanvasProps {
  ref: Ref<MjmlCanvasHandle>;
  source: string;
  design: Record<string, unknown> | null;
  /** The editor is rebuilt from `source`/`design` whenever this changes (the template loaded, the source applied). */
  revision: number;
  assetUrls: string[];
  onChange: () => void;
  onUpload: (file: File) => void;
}

/**
 * Mounts GrapesJS (loaded on demand: its chunk is fetched when the first editor opens) into a box and keeps its
 * image list in step with the asset library. The component owns the imperative editor; the machine owns the flow.
 */
export function MjmlCanvas({ ref, source, design, revision, assetUrls, onChange, onUpload }: MjmlCanvasProps) {
  const intl = useIntl();
  const container = useRef<HTMLDivElement>(null);
  const blocks = useRef<HTMLDivElement>(null);
  const editor = useRef<Editor | null>(null);
  const grapes = useRef<Grapes | null>(null);
  const [attempt, setAttempt] = useState(0);
  // The outcome of building the editor for one revision and attempt; any other build is still loading.
  const build = `${revision}:${attempt}`;
  const [outcome, setOutcome] = useState<{ build: string; status: 'ready' | 'failed' } | null>(null);
  const status = outcome?.build === build ? outcome.status : 'loading';
  const latest = useRef({ source, design, assetUrls, onChange, onUpload });
  useLayoutEffect(() => {
    latest.current = { source, design, assetUrls, onChange, onUpload };
  });

  useImperativeHandle(ref, () => ({
    read: () => (editor.current && grapes.current ? grapes.current.designOf(editor.current) : null),
    insert: (text) => (editor.current && grapes.current ? grapes.current.insertAtCursor(editor.current, text) : false),
  }));

  // Build the editor for this revision; rebuild when the source view replaces the design.
  useEffect(() => {
    let disposed = false;
    import('./grapes.ts')
      .then((module) => {
        if (disposed || !container.current || !blocks.current) return;
        grapes.current = module;
        const { source: mjml, design: project, assetUrls: assets } = latest.current;
        const instance = module.createMjmlEditor({
          container: container.current,
          blocks: blocks.current,
          source: mjml,
          design: project,
          assets,
          upload: (file) => latest.current.onUpload(file),
        });
        instance.on('load', () => {
          // Changes count from here: building the first design is not an edit.
          instance.on('update', () => latest.current.onChange());
          if (!disposed) setOutcome({ build, status: 'ready' });
        });
        editor.current = instance;
      })
      .catch(() => !disposed && setOutcome({ build, status: 'failed' }));
    return () => {
      disposed = true;
      editor.current?.destroy();
      editor.current = null;
    };
  }, [build]);

  // New uploads appear in GrapesJS's asset manager (deletions too).
  useEffect(() => {
    const assets = editor.current?.AssetManager;
    if (!assets) return;
    const known = new Set<string>(assets.getAll().map((asset: { getSrc(): string }) => asset.getSrc()));
    const wanted = new Set(assetUrls);
    for (const url of assetUrls) if (!known.has(url)) assets.add(url);
    for (const url of known) if (!wanted.has(url)) assets.remove(url);
  }, [assetUrls, status]);

  return (
    <Box pos="relative" h="70vh" aria-label={intl.formatMessage(m.canvasLabel)} role="region">
      {status === 'loading' && (
        <Center pos="absolute" inset={0} aria-busy="true">
          <Stack align="center" gap="xs">
            <Loader size="sm" />
            <Text size="sm">{intl.formatMessage(m.canvasLoading)}</Text>
          </Stack>
        </Center>
      )}
      {status === 'failed' && (
        <Alert color="red" role="alert">
          <Stack align="flex-start" gap="xs">
            <Text size="sm">{intl.formatMessage(m.canvasFailed)}</Text>
            <Button size="xs" variant="light" onClick={() => setAttempt((n) => n + 1)}>
              {intl.formatMessage(commonMessages.retry)}
            </Button>
          </Stack>
        </Alert>
      )}
      <div style={{ display: 'flex', height: '100%' }}>
        <div ref={blocks} data-testid="mjml-blocks" style={{ width: 200, overflowY: 'auto', flexShrink: 0 }} />
        <div ref={container} data-testid="mjml-canvas" style={{ height: '100%', flex: 1, minWidth: 0 }} />
      </div>
    </Box>
  );
}
