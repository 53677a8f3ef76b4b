import { describe, expect, it } from 'vitest';
import { NOTIFICATION_KINDS, notificationLink } from '../../shared/notifications.ts';
import { routes } from '../routes.tsx';
import { notificationMessage, notificationMessages } from './notifications.messages.ts';

/** Argument names of an ICU message. */
const argumentsOf = (message: string) =>
  [...new Set([...message.matchAll(/\{\s*([A-Za-z_]\w*)\s*[,}]/g)].map((m) => m[1]!))].sort();

describe('notification kinds', () => {
  it('every named kind has its own sentence, using exactly the values the kind carries', () => {
    for (const [kind, { values }] of Object.entries(NOTIFICATION_KINDS)) {
      const message = notificationMessage(kind);
      expect(message, kind).not.toBe(notificationMessages.generic);
      expect(argumentsOf(String(message.defaultMessage)), kind).toEqual([...values].sort());
    }
  });

  it('links each kind to a page of the route table, and unknown kinds nowhere', () => {
    const paths = new Set(
      routes.flatMap(function walk(r): string[] {
        const own = r.path ? [`/${r.path}`] : [];
        return [...own, ...(r.children ?? []).flatMap(walk)];
      }),
    );
    for (const kind of Object.keys(NOTIFICATION_KINDS)) expect(paths.has(notificationLink(kind)!), kind).toBe(true);
    expect(notificationLink('no.such.kind')).toBeNull();
  });
});
