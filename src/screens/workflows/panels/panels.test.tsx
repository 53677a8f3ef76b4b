import { MantineProvider } from '@mantine/core';
import { renderToStaticMarkup } from 'react-dom/server';
import { IntlProvider } from 'react-intl';
import { describe, expect, it } from 'vitest';
import en from '../../../i18n/en.json';
import itMessages from '../../../i18n/it.json';
import type { WorkflowNode } from '../../../machines/workflowEditor/workflowEditor.types.ts';
import { DEFAULT_CONFIGS, NODE_KINDS, type NodeKind } from '../../../machines/workflowEditor/workflowGraph.ts';
import { NodePanel } from '../NodePanel.tsx';
import { nodeKindMessages, panelMessages as p } from '../WorkflowEditorScreen.messages.ts';

const options = { templates: [{ id: 4, name: 'Welcome mail' }], lists: [], segments: [], attributes: [], members: [] };

function render(kind: NodeKind, locale: 'en' | 'it', messages: Record<string, string>): string {
  const node = { id: 'n1', kind, position: { x: 0, y: 0 }, config: DEFAULT_CONFIGS[kind]() } as WorkflowNode;
  return renderToStaticMarkup(
    <MantineProvider>
      <IntlProvider locale={locale} messages={messages}>
        <NodePanel
          node={node}
          problems={[]}
          options={options}
          editable
          onConfigure={() => {}}
          onRemove={() => {}}
          exits={[]}
          targets={[]}
          onConnect={() => {}}
        />
      </IntlProvider>
    </MantineProvider>,
  );
}

// The field each kind's panel shows first: the dispatcher must hand every kind to its own panel.
const firstField: Record<NodeKind, { id?: string } | null> = {
  trigger: p.triggerType,
  sendEmail: p.template,
  wait: p.waitMode,
  branch: p.branchMode,
  split: null,
  updateAttribute: p.attribute,
  addToList: p.list,
  removeFromList: p.list,
  webhook: p.url,
  notify: p.members,
  exit: p.exitText,
};

describe('NodePanel dispatches each node kind to its panel', () => {
  for (const [locale, messages] of [
    ['en', en],
    ['it', itMessages],
  ] as const) {
    it.each([...NODE_KINDS])(`%s shows its title and fields (${locale})`, (kind) => {
      // The markup's entities back to text, so labels with apostrophes (Italian) compare as written.
      const html = render(kind, locale, messages as Record<string, string>)
        .replaceAll('&#x27;', "'")
        .replaceAll('&quot;', '"')
        .replaceAll('&amp;', '&');
      const text = (id: string | undefined) => (messages as Record<string, string>)[id ?? ''] ?? '';
      expect(html).toContain(text(nodeKindMessages[kind].id));
      const field = firstField[kind];
      if (field) expect(html).toContain(text(field.id).split('{')[0]);
      else expect(html).toContain(text(p.cohortPercent.id).split('{')[0]);
    });
  }
});
