import { describe, expect, it } from 'vitest';
import en from './en.json';
import itMessages from './it.json';

interface Descriptor {
  id: string;
  defaultMessage: string;
}

const modules = import.meta.glob<Record<string, unknown>>('../**/*.messages.ts', { eager: true });

function descriptors(): Descriptor[] {
  const out: Descriptor[] = [];
  for (const module of Object.values(modules)) {
    for (const group of Object.values(module)) {
      if (!group || typeof group !== 'object') continue;
      for (const d of Object.values(group as Record<string, unknown>)) {
        const candidate = d as Partial<Descriptor> | null;
        if (candidate && typeof candidate.id === 'string' && typeof candidate.defaultMessage === 'string') {
          out.push({ id: candidate.id, defaultMessage: candidate.defaultMessage });
        }
      }
    }
  }
  return out;
}

/** Argument names of an ICU message (`{name}`, `{count, plural, …}`). */
function argumentsOf(message: string): string[] {
  return [...new Set([...message.matchAll(/\{\s*([A-Za-z_][\w]*)\s*[,}]/g)].map((m) => m[1]!))].sort();
}

const enMessages = en as Record<string, string>;
const italian = itMessages as Record<string, string>;

describe('messages', () => {
  it('en.json holds every defined message with its default text', () => {
    const list = descriptors();
    expect(list.length).toBeGreaterThan(100);
    const missing = list.filter((d) => enMessages[d.id] !== d.defaultMessage).map((d) => d.id);
    expect(missing).toEqual([]);
  });

  it('en.json holds no message that is not defined', () => {
    const defined = new Set(descriptors().map((d) => d.id));
    expect(Object.keys(enMessages).filter((id) => !defined.has(id))).toEqual([]);
  });

  it('it.json has every key of en.json', () => {
    expect(Object.keys(enMessages).filter((id) => !(id in italian))).toEqual([]);
  });

  it('it.json has no key en.json lacks', () => {
    expect(Object.keys(italian).filter((id) => !(id in enMessages))).toEqual([]);
  });

  it('Italian messages use the same arguments as English', () => {
    const differing = Object.keys(enMessages).filter(
      (id) => italian[id] !== undefined && argumentsOf(enMessages[id]!).join() !== argumentsOf(italian[id]!).join(),
    );
    expect(differing).toEqual([]);
  });

  it('message ids follow the naming scheme', () => {
    const bad = Object.keys(enMessages).filter(
      (id) => !/^(common|error|notification|route|validation|screen)\.[A-Za-z0-9.]+$/.test(id),
    );
    expect(bad).toEqual([]);
  });
});
