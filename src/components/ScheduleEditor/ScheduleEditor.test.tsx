import { MantineProvider } from '@mantine/core';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import {
  EMPTY_SELECTIONS,
  PERIOD_FIELDS,
  type Period,
  type ScheduleError,
  type Selections,
} from '../../../shared/cron';
import { ScheduleEditor } from './ScheduleEditor';
import { ScheduleEditorField } from '../../screens/shared/ScheduleEditorField';

const noop = () => {};

function render(props: {
  period: Period;
  locale?: string;
  pattern?: string;
  selections?: Selections;
  error?: ScheduleError | null;
}) {
  return renderToStaticMarkup(
    <MantineProvider>
      <ScheduleEditor
        period={props.period}
        pattern={props.pattern ?? '* * * * *'}
        selections={props.selections ?? EMPTY_SELECTIONS}
        error={props.error ?? null}
        timeZone="Europe/Rome"
        locale={props.locale}
        onPeriodChange={noop}
        onValuesChange={noop}
      />
    </MantineProvider>,
  );
}

const decode = (text: string) =>
  text
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');
const attr = (attrs: string, name: string) => new RegExp(`\\s${name}="([^"]*)"`).exec(attrs)?.[1];

/** The sentence as a sighted user reads it: words, the period select's value, pills, and placeholders of empty selects. */
function readSentence(html: string): string {
  const group =
    /<div[^>]*role="group"[^>]*>([\s\S]*?)<\/div><(?:p|div) [^>]*(?:role="alert"|data-testid|mantine-Stack-root)/.exec(
      html,
    )?.[1] ?? '';
  const tokens: string[] = [];
  const pattern =
    /<span class="[^"]*mantine-Text-root"[^>]*>([^<]*)<\/span>|<span class="[^"]*Pill-label"[^>]*>([^<]*)<\/span>|<input([^>]*)\/>/g;
  for (const match of group.matchAll(pattern)) {
    const [, text, pill, attrs] = match;
    if (text !== undefined) tokens.push(text);
    else if (pill !== undefined) tokens.push(pill);
    else if (attrs !== undefined && attr(attrs, 'type') !== 'hidden')
      tokens.push(attr(attrs, 'value') || attr(attrs, 'placeholder') || '');
  }
  return decode(tokens.filter((token) => token !== '').join(' '));
}

describe('ScheduleEditor', () => {
  it('reads the English year sentence for * * * * *', () => {
    expect(readSentence(render({ period: 'year' }))).toBe(
      'Every Year in every month on every day and every day of the week at every hour : every minute',
    );
  });

  it('reads the English hour sentence for * * * * *', () => {
    expect(readSentence(render({ period: 'hour' }))).toBe('Every Hour at every minute(s)');
  });

  it('reads the Italian and German year sentences for * * * * *', () => {
    expect(readSentence(render({ period: 'year', locale: 'it' }))).toBe(
      'Ogni anno in ogni mese ogni giorno e ogni giorno della settimana a ogni ora : ogni minuto',
    );
    expect(readSentence(render({ period: 'year', locale: 'de' }))).toBe(
      'Jedes Jahr in jedem Monat an jedem Tag und an jedem Wochentag zu jeder Stunde : jede Minute',
    );
  });

  it('labels the group with the same sentence and each select with its field', () => {
    const html = render({ period: 'year' });
    expect(html).toContain(
      'aria-label="Every Year in every month on every day and every day of the week at every hour : every minute"',
    );
    for (const label of ['Period', 'Months', 'Days of the month', 'Days of the week', 'Hours', 'Minutes']) {
      expect(html).toContain(`aria-label="${label}"`);
    }
  });

  it('shows one select per exposed field', () => {
    for (const period of ['minute', 'hour', 'day', 'week', 'month', 'year'] as const) {
      const html = render({ period });
      expect(html.match(/mantine-MultiSelect-root/g) ?? []).toHaveLength(PERIOD_FIELDS[period].length);
    }
  });

  it('shows selected values with their labels and the description', () => {
    const selections = { ...EMPTY_SELECTIONS, minute: [5], hour: [12] };
    const html = render({ period: 'day', pattern: '5 12 * * *', selections });
    expect(readSentence(html)).toBe('Every Day at 12 : 05');
    expect(html).toContain('At 12:05, every day');
    expect(html.match(/<time /g) ?? []).toHaveLength(5);
  });

  it('names months and weekdays in the locale', () => {
    const selections = { ...EMPTY_SELECTIONS, month: [1], dayOfWeek: [1] };
    expect(readSentence(render({ period: 'year', locale: 'de', pattern: '* * * 1 1', selections }))).toBe(
      'Jedes Jahr im Januar an jedem Tag und am Montag zu jeder Stunde : jede Minute',
    );
  });

  it('shows the error text in the language of the phrases', () => {
    expect(render({ period: 'year', error: 'invalid pattern' })).toContain(
      'role="alert" data-error="invalid pattern">invalid pattern<',
    );
    expect(render({ period: 'year', error: 'invalid selection', locale: 'es' })).toContain('>Selección no válida<');
    expect(render({ period: 'year', error: 'invalid selection', locale: 'zh-CN' })).toContain('>无效的选择<');
  });
});

describe('ScheduleEditorField', () => {
  it('renders the machine’s first snapshot', () => {
    const html = renderToStaticMarkup(
      <MantineProvider>
        <ScheduleEditorField defaultValue="5 12 * * *" defaultPeriod="day" timeZone="UTC" />
      </MantineProvider>,
    );
    expect(readSentence(html)).toBe('Every Day at 12 : 05');
    expect(html).toContain('At 12:05, every day');
  });

  it('starts at the year period and shows the error of an unreadable value', () => {
    const html = renderToStaticMarkup(
      <MantineProvider>
        <ScheduleEditorField defaultValue="61 * * * *" timeZone="UTC" locale="pt-BR" />
      </MantineProvider>,
    );
    expect(html).toContain('data-period="year"');
    expect(html).toContain('>Padrão inválido<');
  });
});
