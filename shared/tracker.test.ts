import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import vm from 'node:vm';
import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { originAllowed, trackerSnippet } from './tracker.ts';

const SOURCE = readFileSync(path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'public', 't.js'), 'utf8');

/** Runs the snippet in a bare window: what it sends, and the page's `missiva` after it loaded. */
function load(options: { consent?: 'ask'; dnt?: boolean; queue?: unknown[][]; fetchThrows?: boolean } = {}) {
  const sent: { url: string; body: { visitorId: string; consent: boolean; events: { type: string }[] } }[] = [];
  const timers: (() => void)[] = [];
  const attrs: Record<string, string> = {
    'data-site': 'k'.repeat(32),
    ...(options.consent ? { 'data-consent': 'ask' } : {}),
  };
  const listeners: Record<string, () => void> = {};
  const window: Record<string, unknown> = {
    missiva: options.queue ? Object.assign(() => undefined, { q: options.queue }) : undefined,
    addEventListener: (name: string, fn: () => void) => (listeners[name] = fn),
  };
  const context = {
    window,
    document: {
      currentScript: { src: 'https://missiva.example/t.js', getAttribute: (n: string) => attrs[n] ?? null },
      referrer: '',
      visibilityState: 'visible',
      addEventListener: () => undefined,
    },
    navigator: { doNotTrack: options.dnt ? '1' : null },
    location: { href: 'https://shop.example.org/a' },
    history: { pushState: (..._args: unknown[]) => undefined, replaceState: (..._args: unknown[]) => undefined },
    localStorage: new Map<string, string>(),
    setTimeout: (fn: () => void) => timers.push(fn),
    clearTimeout: () => undefined,
    fetch: (url: string, init: { body: string }) => {
      if (options.fetchThrows) throw new Error('offline');
      sent.push({ url, body: JSON.parse(init.body) });
      return Promise.resolve();
    },
    Date,
    JSON,
    Math,
    String,
  };
  (context.localStorage as unknown as Record<string, unknown>).getItem = () => null;
  (context.localStorage as unknown as Record<string, unknown>).setItem = () => undefined;
  vm.runInNewContext(SOURCE, context);
  const flush = () => timers.splice(0).forEach((fn) => fn());
  return { sent, flush, missiva: window.missiva as (...args: unknown[]) => void, context };
}

describe('the tracker snippet', () => {
  it('is at most 2 kB gzipped', () => {
    expect(gzipSync(SOURCE, { level: 9 }).length).toBeLessThanOrEqual(2048);
  });

  it('sends the page view and the queued calls to the ingest of its site', () => {
    const { sent, flush } = load({
      queue: [
        ['event', 'signed_up', { plan: 'pro' }],
        ['identify', 'a@example.org'],
      ],
    });
    flush();
    expect(sent).toHaveLength(1);
    expect(sent[0]!.url).toBe(`https://missiva.example/api/public/track/${'k'.repeat(32)}`);
    expect(sent[0]!.body.events.map((e) => e.type)).toEqual(['page_view', 'event', 'identify']);
  });

  it('records a page view for each history change of a single-page app, once per address', () => {
    const { sent, flush, context } = load();
    context.location.href = 'https://shop.example.org/b';
    context.history.pushState({}, '', '/b');
    context.history.replaceState({}, '', '/b');
    flush();
    expect(sent[0]!.body.events.map((e) => (e as { url?: string }).url)).toEqual([
      'https://shop.example.org/a',
      'https://shop.example.org/b',
    ]);
  });

  it('waits for consent when the site asks for it, and sends nothing after a refusal', () => {
    const { sent, flush, missiva } = load({ consent: 'ask' });
    flush();
    expect(sent).toEqual([]);
    missiva('consent', true);
    flush();
    expect(sent[0]!.body).toMatchObject({ consent: true, events: [{ type: 'page_view' }] });
    const refused = load({ consent: 'ask' });
    refused.missiva('consent', false);
    refused.missiva('event', 'x');
    refused.flush();
    expect(refused.sent).toEqual([]);
  });

  it('honours Do Not Track, and never throws into the page', () => {
    const { sent, flush, missiva } = load({ dnt: true });
    missiva('event', 'x');
    flush();
    expect(sent).toEqual([]);
    const offline = load({ fetchThrows: true });
    expect(() => {
      offline.flush();
      offline.missiva('event', 'y', null);
      offline.missiva('nonsense');
      offline.missiva();
    }).not.toThrow();
  });
});

describe('allowed origins', () => {
  it('matches host names exactly, and subdomains of a *. entry', () => {
    expect(originAllowed('https://shop.example.org', ['shop.example.org'])).toBe(true);
    expect(originAllowed('http://shop.example.org:8080', ['shop.example.org'])).toBe(true);
    expect(originAllowed('https://evilshop.example.org', ['shop.example.org'])).toBe(false);
    expect(originAllowed('https://a.b.example.net', ['*.example.net'])).toBe(true);
    expect(originAllowed('https://example.net', ['*.example.net'])).toBe(true);
    expect(originAllowed('https://notexample.net', ['*.example.net'])).toBe(false);
    expect(originAllowed('null', ['shop.example.org'])).toBe(false);
    expect(originAllowed(undefined, ['shop.example.org'])).toBe(false);
  });

  it('builds the tag with the consent attribute only when the site asks', () => {
    expect(trackerSnippet('https://m.example/', 'KEY', 'ask')).toContain(
      '<script async src="https://m.example/t.js" data-site="KEY" data-consent="ask"></script>',
    );
    expect(trackerSnippet('https://m.example', 'KEY', 'none')).not.toContain('data-consent');
  });
});
