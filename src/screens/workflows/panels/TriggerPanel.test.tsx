import { MantineProvider } from '@mantine/core';
import { renderToStaticMarkup } from 'react-dom/server';
import { IntlProvider } from 'react-intl';
import { describe, expect, it } from 'vitest';
import en from '../../../i18n/en.json';
import itMessages from '../../../i18n/it.json';
import type { EditorOptions, NodeConfigs, ProblemCode } from '../../../machines/workflowEditor/workflowEditor.types.ts';
import { TRIGGER_TYPES, validate, type WorkflowGraph } from '../../../machines/workflowEditor/workflowGraph.ts';
import { triggerHintMessages as th, triggerPanelMessages as tp } from '../WorkflowEditorScreen.messages.ts';
import { TriggerPanel, triggerDefaults } from './TriggerPanel.tsx';

const stamp = { options: [], createdAt: '2026-01-01T00:00:00Z', updatedAt: '2026-01-01T00:00:00Z' };
const options: EditorOptions = {
  templates: [],
  members: [],
  lists: [],
  segments: [],
  attributes: [
    { id: 3, name: 'Plan', type: 'text', ...stamp },
    { id: 7, name: 'Birthday', type: 'date', ...stamp },
  ],
};

type Locale = 'en' | 'it';
const catalogue = { en, it: itMessages } as Record<Locale, Record<string, string>>;

function render(config: NodeConfigs['trigger'], problems: ProblemCode[] = [], locale: Locale = 'en'): string {
  return renderToStaticMarkup(
    <MantineProvider>
      <IntlProvider locale={locale} messages={catalogue[locale]}>
        <TriggerPanel config={config} options={options} disabled={false} problems={problems} onConfigure={() => {}} />
      </IntlProvider>
    </MantineProvider>,
  )
    .replaceAll('&#x27;', "'")
    .replaceAll('&quot;', '"')
    .replaceAll('&amp;', '&');
}

const graphWith = (config: NodeConfigs['trigger']): WorkflowGraph => ({
  nodes: [
    { id: 'n1', kind: 'trigger', position: { x: 0, y: 0 }, config },
    { id: 'n2', kind: 'exit', position: { x: 0, y: 100 }, config: {} },
  ],
  edges: [{ id: 'e1', source: 'n1', handle: 'next', target: 'n2' }],
});

describe('TriggerPanel', () => {
  for (const locale of ['en', 'it'] as const) {
    it.each([...TRIGGER_TYPES])(`%s shows the sentence saying when it starts (${locale})`, (type) => {
      const html = render(triggerDefaults(type), [], locale);
      const hint = catalogue[locale][th[type].id]!;
      expect(hint).toBeTruthy();
      expect(html).toContain(hint);
    });
  }

  it('a date trigger offers only date attributes and says when it fires', () => {
    const before = render({ type: 'dateAttribute', attributeId: 7, offsetDays: -3, hour: 8 });
    expect(before).toContain('value="Birthday"');
    expect(before).toContain('3 days before the date, at 8:00.');
    // A text attribute is not a date: it is not among the choices, so the field shows nothing chosen.
    const wrong = render({ type: 'dateAttribute', attributeId: 3, offsetDays: 0, hour: 9 });
    expect(wrong).not.toContain('value="Plan"');
    expect(wrong).toContain('On the date, at 9:00.');
    expect(render({ type: 'dateAttribute', attributeId: 7, offsetDays: 1, hour: 9 }, [], 'it')).toContain(
      '1 giorno dopo la data, alle 9:00.',
    );
  });

  it('picking the date trigger starts every year on the day at 9 UTC; other types start bare', () => {
    expect(triggerDefaults('dateAttribute')).toEqual({
      type: 'dateAttribute',
      attributeId: null,
      dateMode: 'anniversary',
      offsetDays: 0,
      hour: 9,
      zone: 'UTC',
    });
    expect(triggerDefaults('listAdded')).toEqual({ type: 'listAdded' });
  });

  it('marks the field the trigger still needs once the node names the problem', () => {
    const required = en['screen.workflows.panel.required'];
    expect(render({ type: 'listAdded', listId: null })).not.toContain(required);
    expect(render({ type: 'listAdded', listId: null }, ['triggerIncomplete'])).toContain(required);
    expect(render({ type: 'attributeChanged', attributeId: null }, ['triggerIncomplete'])).toContain(required);
  });

  it('refuses a custom event name POST /api/events would never accept, at the field and before activation', () => {
    const invalid = en[tp.eventNameInvalid.id as keyof typeof en];
    expect(render({ type: 'customEvent', eventName: 'cart abandoned' })).toContain(invalid);
    expect(render({ type: 'customEvent', eventName: 'cart_abandoned' })).not.toContain(invalid);
    expect(validate(graphWith({ type: 'customEvent', eventName: 'cart abandoned' }))).toEqual([
      { nodeId: 'n1', code: 'triggerIncomplete' },
    ]);
    expect(validate(graphWith({ type: 'customEvent', eventName: 'cart_abandoned' }))).toEqual([]);
  });
});
