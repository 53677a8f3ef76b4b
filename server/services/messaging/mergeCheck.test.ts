import { describe, expect, it } from 'vitest';
import { checkMerge } from './mergeCheck.ts';

describe('merge tag check', () => {
  it('accepts contact fields, attributes, message variables and locals', () => {
    const source = [
      'Hi {{ contact.first_name | default: "there" }} {{ contact.tier }}',
      '{% assign x = contact.email %}{{ x }} {{ unsubscribe_url }} {{ mirror_url }}',
    ].join('\n');
    expect(checkMerge(source, ['tier'])).toEqual([]);
  });

  it('names an unknown tag and its line', () => {
    const problems = checkMerge('Hello\n{{ contact.frist_name }}\n{{ coupon }}', []);
    expect(problems.map((p) => [p.kind, p.tag, p.line])).toEqual([
      ['unknown', 'contact.frist_name', 2],
      ['unknown', 'coupon', 3],
    ]);
  });

  it('names a syntax error and its line', () => {
    const [problem] = checkMerge('one\ntwo\n{% if contact.email %}never closed', []);
    expect(problem?.kind).toBe('syntax');
    expect(problem?.line).toBeGreaterThanOrEqual(1);
    expect(problem?.message).toMatch(/line \d+/);
  });
});
