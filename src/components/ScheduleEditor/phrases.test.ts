import { describe, expect, it } from 'vitest';
import { EMPTY_SELECTIONS, PERIODS } from '../../../shared/cron';
import { describePattern } from './describe';
import { fieldOptions, valueLabel } from './labels';
import { SCHEDULE_PHRASES, resolvePhrases } from './phrases';
import { sentenceText } from './sentence';

describe('resolvePhrases', () => {
  it.each([
    [undefined, 'en'],
    ['en-GB', 'en'],
    ['fr', 'en'],
    ['de-AT', 'de'],
    ['pt-BR', 'pt'],
    ['es', 'es'],
    ['da', 'da'],
    ['it', 'it'],
    ['zh', 'zh'],
    ['zh-TW', 'zh'],
    ['zh-CN', 'zh-CN'],
    ['zh-cn', 'zh-CN'],
    ['zh_CN', 'zh-CN'],
  ])('%s → %s', (locale, intlLocale) => {
    expect(resolvePhrases(locale).intlLocale).toBe(intlLocale);
  });
});

describe('sentenceText', () => {
  it('reads every period in English for * * * * *', () => {
    const en = resolvePhrases('en');
    expect(PERIODS.map((period) => sentenceText(en, period, EMPTY_SELECTIONS))).toEqual([
      'Every Minute',
      'Every Hour at every minute(s)',
      'Every Day at every hour : every minute',
      'Every Week on every day of the week at every hour : every minute',
      'Every Month on every day and every day of the week at every hour : every minute',
      'Every Year in every month on every day and every day of the week at every hour : every minute',
    ]);
  });

  it('reads the year sentence in every language', () => {
    const year = Object.fromEntries(
      Object.entries(SCHEDULE_PHRASES).map(([tag, phrases]) => [tag, sentenceText(phrases, 'year', EMPTY_SELECTIONS)]),
    );
    expect(year).toEqual({
      en: 'Every Year in every month on every day and every day of the week at every hour : every minute',
      de: 'Jedes Jahr in jedem Monat an jedem Tag und an jedem Wochentag zu jeder Stunde : jede Minute',
      pt: 'Todo ano em todos os meses todos os dias e todos os dias da semana a cada hora : cada minuto',
      es: 'Cada año en todos los meses todos los días y todos los días de la semana a todas las horas : todos los minutos',
      da: 'Hvert år i hver måned hver dag i måneden og hver dag i ugen hver time : hvert minut',
      zh: '每年的每个月的每一天和一周中的每一天的每小时:每分钟',
      'zh-cn': '每年的每个月的每一天和一周中的每一天的每小时:每分钟',
      it: 'Ogni anno in ogni mese ogni giorno e ogni giorno della settimana a ogni ora : ogni minuto',
    });
  });

  it('switches words for filled fields', () => {
    const selections = { ...EMPTY_SELECTIONS, minute: [5] };
    expect(sentenceText(resolvePhrases('en'), 'hour', selections)).toBe('Every Hour at 05 minute(s)');
    expect(sentenceText(resolvePhrases('de'), 'hour', selections)).toBe('Jede Stunde bei Minute 05');
    expect(sentenceText(resolvePhrases('zh'), 'hour', selections)).toBe('每小时的第05分钟');
  });
});

describe('labels', () => {
  it('labels minutes and hours with two digits and months and weekdays by locale', () => {
    expect(fieldOptions('minute', 'en').slice(0, 2)).toEqual([
      { value: 0, label: '00' },
      { value: 1, label: '01' },
    ]);
    expect(fieldOptions('hour', 'en')).toHaveLength(24);
    expect(fieldOptions('dayOfMonth', 'en')[30]).toEqual({ value: 31, label: '31' });
    expect(valueLabel('month', 1, 'de')).toBe('Januar');
    expect(valueLabel('month', 12, 'it')).toBe('dicembre');
    expect(valueLabel('dayOfWeek', 0, 'en')).toBe('Sunday');
    expect(valueLabel('dayOfWeek', 6, 'da')).toBe('lørdag');
  });
});

describe('describePattern', () => {
  const en = resolvePhrases('en');
  it.each([
    ['* * * * *', 'Every minute'],
    ['5 12 * * *', 'At 12:05, every day'],
    ['0 9,17 * * *', 'At 09:00 and 17:00, every day'],
    ['5 * * * *', 'At minute 05, every hour'],
    ['*/15 * * * *', 'Every 15 minutes'],
    ['*/15 9-17 * * 1-5', 'Every 15 minutes, past hour 09–17, on Monday–Friday'],
    ['0 */6 * * *', 'At 00:00, 06:00, 12:00, and 18:00, every day'],
    ['0 */2 * * *', 'At minute 00, every 2 hours'],
    ['0,30 9-17 * * *', 'At minute 00 and 30, past hour 09–17, every day'],
    ['30 8 1,15 * *', 'At 08:30, on day 1 and 15 of the month'],
    ['0 0 1 1 *', 'At 00:00, on day 1 of the month, in January'],
    ['0 0 1 * 1', 'At 00:00, on day 1 of the month or on Monday'],
    ['0 0 * * */2', 'At 00:00, on Sunday, Tuesday, Thursday, and Saturday'],
  ])('%s → %s', (pattern, text) => {
    expect(describePattern(pattern, en)).toBe(text);
  });

  it('returns null for an invalid pattern', () => {
    expect(describePattern('* * * *', en)).toBeNull();
  });

  it('describes in other languages', () => {
    expect(describePattern('5 12 * * *', resolvePhrases('it'))).toBe('Alle 12:05, ogni giorno');
    expect(describePattern('5 12 * * *', resolvePhrases('de'))).toBe('Um 12:05, jeden Tag');
    expect(describePattern('0 9 * * 1', resolvePhrases('es'))).toBe('A las 09:00, el lunes');
    expect(describePattern('5 12 * * *', resolvePhrases('zh-cn'))).toBe('在 12:05，每天');
  });
});
