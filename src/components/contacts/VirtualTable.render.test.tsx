import { MantineProvider, Table } from '@mantine/core';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { VirtualTable } from './VirtualTable';

const css = (path: string) => readFileSync(fileURLToPath(import.meta.resolve(path)), 'utf8');
/** The rules of a stylesheet whose selectors name the class. */
const rulesOf = (sheet: string, className: string) =>
  sheet.split('}').filter((rule) => rule.split('{')[0]!.includes(`.${className}`));
/** Structural pseudo-classes: a row inserted or removed before the others makes Chromium style those again. */
const STRUCTURAL = /:(nth-|first-|last-|only-)/;

describe('the virtual table body', () => {
  const markup = renderToStaticMarkup(
    <MantineProvider>
      <MemoryRouter>
        <VirtualTable
          rowCount={3}
          rowHeight={44}
          height={560}
          columns={[null]}
          head={<tr role="row" />}
          renderRow={(i) => <tr key={i} role="row" data-hover />}
        />
      </MemoryRouter>
    </MantineProvider>,
  );
  const bodyClasses = /<tbody[^>]*class="([^"]*)"/.exec(markup)![1]!.split(' ');

  it('is selected by no rule with a structural pseudo-class (each scroll step would style every row again)', () => {
    // Mantine's table CSS by the classes the body renders; ours by its source selectors (vitest leaves CSS module
    // classes unnamed), any rule on the body or its rows.
    const mantine = bodyClasses.flatMap((c) => rulesOf(css('@mantine/core/styles/Table.css'), c));
    const ours = css('./VirtualTable.module.css')
      .replace(/\/\*[\s\S]*?\*\//g, '')
      .split('}')
      .filter((rule) => /\.body\b|tbody/.test(rule.split('{')[0]!));
    expect(bodyClasses).not.toContain(Table.classes.tbody);
    expect(ours.length).toBeGreaterThan(0);
    expect([...mantine, ...ours].filter((rule) => STRUCTURAL.test(rule.split('{')[0]!))).toEqual([]);
  });

  it('still gives hovered rows Mantine’s hover colour', () => {
    expect(css('./VirtualTable.module.css')).toMatch(
      /\.body > tr\[data-hover\] \{\s*--tr-hover-bg: var\(--table-highlight-on-hover-color, var\(--table-hover-color\)\);/,
    );
  });
});

describe('the virtual table’s first render', () => {
  it('holds the rows in view and the overscan below them, and a spacer as tall as the other rows', () => {
    // 44 px rows in a 560 px box: rows 0–12 start in view, 10 more below; the box is not observed yet.
    const markup = renderToStaticMarkup(
      <MantineProvider>
        <MemoryRouter>
          <VirtualTable
            rowCount={10_000}
            rowHeight={44}
            height={560}
            columns={[null]}
            head={<tr role="row" />}
            renderRow={(i) => <tr key={i} role="row" data-row={i} />}
          />
        </MemoryRouter>
      </MantineProvider>,
    );
    const rows = [...markup.matchAll(/data-row="(\d+)"/g)].map((m) => Number(m[1]));
    expect(rows).toEqual(Array.from({ length: 23 }, (_, i) => i));
    expect(markup).toContain(`<tr aria-hidden="true" style="height:${(10_000 - 23) * 44}px"></tr>`);
    expect(markup).toContain('aria-rowcount="10001"');
  });
});
