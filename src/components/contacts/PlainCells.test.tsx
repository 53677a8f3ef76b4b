import { Anchor, Badge, Checkbox, MantineProvider } from '@mantine/core';
import type { ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { inAppLink, PlainAnchor, PlainBadge, PlainCheckbox } from './PlainCells';

const noop = () => {};
/** Markup without what legitimately differs: Mantine's generated ids, its style tag, our in-app marker. */
const markup = (node: ReactNode) =>
  renderToStaticMarkup(<MantineProvider>{node}</MantineProvider>)
    .replace(/<style[^>]*>[\s\S]*?<\/style>/g, '')
    .replace(/ id="mantine-[^"]*"/g, '')
    .replace(/ data-in-app=""/g, '');

describe('plain cells render what the Mantine components render', () => {
  it.each([false, true])('checkbox, checked %s', (checked) => {
    expect(markup(<PlainCheckbox label="Select a@example.com" checked={checked} onChange={noop} />)).toBe(
      markup(<Checkbox aria-label="Select a@example.com" checked={checked} onChange={noop} />),
    );
  });

  it('badges in the three tones the table uses', () => {
    expect(markup(<PlainBadge tone="red">Blocked</PlainBadge>)).toBe(markup(<Badge color="red">Blocked</Badge>));
    expect(markup(<PlainBadge tone="gray">Anonymised</PlainBadge>)).toBe(markup(<Badge color="gray">Anonymised</Badge>));
    expect(markup(<PlainBadge tone="teal-light">Active</PlainBadge>)).toBe(
      markup(
        <Badge color="teal" variant="light">
          Active
        </Badge>,
      ),
    );
  });

  it('anchor', () => {
    expect(markup(<PlainAnchor href="/contacts/show/7">a@example.com</PlainAnchor>)).toBe(markup(<Anchor href="/contacts/show/7">a@example.com</Anchor>));
  });
});

describe('inAppLink', () => {
  const anchor = { closest: (sel: string) => (sel === 'a[data-in-app]' ? { getAttribute: () => '/contacts/show/7' } : null) } as unknown as EventTarget;
  const other = { closest: () => null } as unknown as EventTarget;
  const click = { button: 0, metaKey: false, ctrlKey: false, shiftKey: false, altKey: false, defaultPrevented: false, target: anchor };

  it('a plain left click on an in-app link is the app’s', () => {
    expect(inAppLink(click)).toBe('/contacts/show/7');
  });

  it('modified, middle, already handled clicks and clicks elsewhere stay the browser’s', () => {
    for (const change of [{ metaKey: true }, { ctrlKey: true }, { shiftKey: true }, { altKey: true }, { button: 1 }, { defaultPrevented: true }, { target: other }, { target: null }]) {
      expect(inAppLink({ ...click, ...change })).toBeNull();
    }
  });
});
