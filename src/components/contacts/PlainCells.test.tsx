import { Anchor, Badge, Checkbox, MantineProvider } from '@mantine/core';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { CHECKBOX_INPUT, inAppLink, PlainAnchor, PlainBadge, PlainCheckbox, type PlainBadgeTone } from './PlainCells';

const noop = () => {};
/** Markup without what legitimately differs: Mantine's generated ids, its style tag, our in-app marker. */
const markup = (node: ReactNode) =>
  renderToStaticMarkup(<MantineProvider>{node}</MantineProvider>)
    .replace(/<style[^>]*>[\s\S]*?<\/style>/g, '')
    .replace(/ id="mantine-[^"]*"/g, '')
    .replace(/ data-in-app=""/g, '');

/** A list of CSS declarations as a sorted `name: value` list, whitespace normalised. */
const declarations = (text: string) =>
  text
    .split(';')
    .map((d) => d.trim().replace(/\s+/g, ' '))
    .filter(Boolean)
    .map((d) => d.replace(/^([^:]+):\s*/, '$1: '))
    .sort();

/** PlainCells.module.css as source: CSS modules are empty objects under vitest. */
const OUR_CSS = readFileSync(fileURLToPath(new URL('./PlainCells.module.css', import.meta.url)), 'utf8');

/** The body of a tone's rule in PlainCells.module.css (its class is named like the tone). */
const toneRule = (tone: PlainBadgeTone) => new RegExp(`\\.${tone}\\.${tone} \\{([^}]*)\\}`).exec(OUR_CSS)?.[1] ?? '';

describe('plain cells render what the Mantine components render', () => {
  it.each([false, true])(
    'checkbox, checked %s: one input with the class and attributes of Mantine’s own input',
    (checked) => {
      const ours = markup(<PlainCheckbox label="Select a@example.com" checked={checked} onChange={noop} />);
      const input = /<input [^>]*>/.exec(
        markup(<Checkbox aria-label="Select a@example.com" checked={checked} onChange={noop} />),
      )![0];
      expect(ours.match(/<[a-z]+/g)).toEqual(['<input']);
      for (const attribute of [
        'type="checkbox"',
        'aria-label="Select a@example.com"',
        ...(checked ? ['checked=""'] : []),
      ]) {
        expect(input).toContain(attribute);
        expect(ours).toContain(attribute);
      }
      expect(input).toContain(`class="mantine-focus-auto ${CHECKBOX_INPUT} mantine-Checkbox-input"`);
      expect(ours).toContain(`class="mantine-focus-auto ${CHECKBOX_INPUT} mantine-Checkbox-input `);
    },
  );

  it('Mantine’s checkbox CSS still styles that input class: size, border, checked fill', () => {
    const css = readFileSync(fileURLToPath(import.meta.resolve('@mantine/core/styles/Checkbox.css')), 'utf8');
    const rules = (selector: string) =>
      css
        .split('}')
        .filter((rule) => rule.includes(selector))
        .join('}');
    expect(rules(`.${CHECKBOX_INPUT} {`)).toMatch(
      /appearance: none[\s\S]*width: var\(--checkbox-size\)[\s\S]*border-radius: var\(--checkbox-radius/,
    );
    expect(rules(`.${CHECKBOX_INPUT}:checked`)).toContain('background-color: var(--checkbox-color)');
  });

  it.each([
    ['red', <Badge color="red">Blocked</Badge>],
    ['gray', <Badge color="gray">Blocked</Badge>],
    [
      'teal-light',
      <Badge color="teal" variant="light">
        Blocked
      </Badge>,
    ],
  ] as const)('badge, %s: one element with the class, variant and colours of Mantine’s badge root', (tone, badge) => {
    const ours = markup(<PlainBadge tone={tone}>Blocked</PlainBadge>);
    const root = /^<div ([^>]*)>/.exec(markup(badge))![1]!;
    expect(ours.match(/<[a-z]+/g)).toEqual(['<span']);
    expect(ours).toMatch(/>Blocked<\/span>$/);
    const attribute = (html: string, name: string) => new RegExp(` ${name}="([^"]*)"`).exec(` ${html}`)?.[1];
    // Mantine sets the colour's variables inline on its root; ours has no style of its own and the tone's class in
    // PlainCells.module.css declares the same variables.
    expect(attribute(ours, 'style')).toBeUndefined();
    expect(declarations(toneRule(tone))).toEqual(declarations(attribute(root, 'style')!));
    expect(attribute(ours, 'data-variant')).toBe(attribute(root, 'data-variant'));
    expect(attribute(root, 'class')).toBe('m_347db0ec mantine-Badge-root');
    expect(attribute(ours, 'class')).toMatch(/^m_347db0ec mantine-Badge-root \S+ \S+$/);
  });

  it('Mantine’s badge CSS still gives its root the box and its label what PlainCells.module.css copies', () => {
    const css = readFileSync(fileURLToPath(import.meta.resolve('@mantine/core/styles/Badge.css')), 'utf8');
    const rule = (selector: string) => css.split('}').find((r) => r.trim().startsWith(`${selector} {`)) ?? '';
    expect(rule('.m_347db0ec')).toMatch(
      /height: var\(--badge-height\)[\s\S]*line-height: var\(--badge-lh\)[\s\S]*padding: 0 var\(--badge-padding-x\)[\s\S]*display: inline-grid/,
    );
    expect(rule('.m_347db0ec')).toMatch(/width: fit-content[\s\S]*background: var\(--badge-bg\)/);
    const label = rule('.m_5add502a');
    for (const declaration of ['white-space: nowrap', 'text-overflow: ellipsis', 'text-align: center'])
      expect(label).toContain(declaration);
    for (const declaration of [
      'white-space: nowrap',
      'text-overflow: ellipsis',
      'text-align: center',
      'overflow: clip',
    ])
      expect(OUR_CSS).toContain(declaration);
  });

  it('anchor', () => {
    expect(markup(<PlainAnchor href="/contacts/show/7">a@example.com</PlainAnchor>)).toBe(
      markup(<Anchor href="/contacts/show/7">a@example.com</Anchor>),
    );
  });
});

describe('inAppLink', () => {
  const anchor = {
    closest: (sel: string) => (sel === 'a[data-in-app]' ? { getAttribute: () => '/contacts/show/7' } : null),
  } as unknown as EventTarget;
  const other = { closest: () => null } as unknown as EventTarget;
  const click = {
    button: 0,
    metaKey: false,
    ctrlKey: false,
    shiftKey: false,
    altKey: false,
    defaultPrevented: false,
    target: anchor,
  };

  it('a plain left click on an in-app link is the app’s', () => {
    expect(inAppLink(click)).toBe('/contacts/show/7');
  });

  it('modified, middle, already handled clicks and clicks elsewhere stay the browser’s', () => {
    for (const change of [
      { metaKey: true },
      { ctrlKey: true },
      { shiftKey: true },
      { altKey: true },
      { button: 1 },
      { defaultPrevented: true },
      { target: other },
      { target: null },
    ]) {
      expect(inAppLink({ ...click, ...change })).toBeNull();
    }
  });
});
