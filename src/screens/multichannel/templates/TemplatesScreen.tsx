import { Container } from '@mantine/core';
import { useActorRef, useSelector } from '@xstate/react';
import { useParams, useSearchParams } from 'react-router';
import { isChannel, type Channel } from '../../../../shared/messaging.ts';
import { actorOptions } from '../../../app/inspect.ts';
import { templateLibraryMachine } from '../../../machines/templateLibrary/templateLibrary.machine.ts';
import { TemplateEditorScreen } from './TemplateEditorScreen.tsx';
import { TemplateLibraryView } from './TemplateLibraryView.tsx';

/**
 * `/multichannel/{channel}/templates`: the library, or the editor of one template: the one `?template={id}` names (a
 * card's link, so a reload or a shared link reopens it) or the one just created. The library's machine stays alive
 * while the editor is open.
 */
export function TemplatesScreen() {
  const params = useParams();
  const channel: Channel = isChannel(params.channel) ? params.channel : 'email';
  const [search, setSearch] = useSearchParams();
  const library = useActorRef(templateLibraryMachine, { ...actorOptions(), input: { channel } });
  const createdId = useSelector(library, (s) => (s.matches('created') ? s.context.createdId : null));
  const linked = Number(search.get('template'));
  // A linked template (`?template=`), or the one just created (the editor opens on it; closing reloads the list).
  const templateId = Number.isSafeInteger(linked) && linked > 0 ? linked : createdId;

  if (templateId !== null) {
    return (
      <TemplateEditorScreen
        key={templateId}
        channel={channel}
        templateId={templateId}
        onClose={() => {
          library.send({ type: 'library.reload' });
          setSearch({});
        }}
      />
    );
  }
  return (
    <Container size="xl" py="md">
      <TemplateLibraryView actor={library} />
    </Container>
  );
}
