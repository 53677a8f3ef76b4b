import { MantineProvider, Table } from '@mantine/core';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { VirtualTable } from './VirtualTable';

const css = (path: string) => readFileSync(fileURLToPath(import.meta.resolve(path)), 'utf8');
/** The rules of a stylesheet whose selectors name the class. */
const rulesOf = (sheet: string, className: string) => sheet.split('}').filter((rule) => rule.split('{')[0]!.includes(`.${className}`));
/** Structural pseudo-classes: a row inserted or removed before the others makes Chromium style those again. */
const STRUCTURAL = /:(nth-|first-|last-|only-)/;

describe('the virtual table body', () => {
  const markup = renderToStaticMarkup(
    <MantineProvider>
      <MemoryRouter>
        <VirtualTable rowCount={3} rowHeight={44} height={560} columns={[null]} head={<tr role="row" />} renderRow={(i) => <tr key={i} role="row" data-hover />} />
      </MemoryRouter>
    </MantineProvider>,
  );
  const bodyClasses = /<tbody[^>]*class="([^"]*)"/.exec(markup)![1]!.split(' ');

  it('has no class that a rule with a structural pseudo-class selects (each scroll step would style every row again)', () => {
    const sheets = [css('@mantine/core/styles/Table.css'), css('./VirtualTable.module.css')];
    const structural = bodyClasses.flatMap((c) => sheets.flatMap((sheet) => rulesOf(sheet, c))).filter((rule) => STRUCTURAL.test(rule.split('{')[0]!));
    expect(bodyClasses).not.toContain(Table.classes.tbody);
    expect(structural).toEqual([]);
  });

  it('still gives hovered rows Mantine’s hover colour', () => {
    expect(css('./VirtualTable.module.css')).toMatch(/\.body > tr\[data-hover\] \{\s*--tr-hover-bg: var\(--table-highlight-on-hover-color, var\(--table-hover-color\)\);/);
  });
});
