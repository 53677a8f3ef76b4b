import { describe, expect, it } from 'vitest';
import { matchRoutes, type RouteObject } from 'react-router';
import { redirectTo, routes, type Layout, type RouteHandle } from './routes.tsx';

interface Resolved {
  title: string | undefined;
  name: string | undefined;
  auth: boolean | undefined;
  layout: Layout | undefined;
  leaf: RouteObject;
}

function resolve(path: string): Resolved {
  const matches = matchRoutes(routes, path);
  if (!matches) throw new Error(`no route for ${path}`);
  const handles = matches.map((m) => (m.route.handle ?? {}) as RouteHandle);
  const withMeta = [...handles].reverse().find((h) => h.title || h.name);
  return {
    title: withMeta?.title?.defaultMessage as string | undefined,
    name: withMeta?.name?.defaultMessage as string | undefined,
    auth: handles.find((h) => h.auth !== undefined)?.auth,
    layout: handles.find((h) => h.layout !== undefined)?.layout,
    leaf: matches.at(-1)!.route,
  };
}

async function loaderStatus(path: string): Promise<number> {
  const matches = matchRoutes(routes, path) ?? [];
  for (const m of matches) {
    const loader = m.route.loader;
    if (typeof loader !== 'function') continue;
    try {
      await loader(
        { params: m.params, request: new Request(`http://missiva.test${path}`), context: {} } as never,
        undefined,
      );
    } catch (error) {
      return (
        (error as { init?: { status?: number }; status?: number }).init?.status ??
        (error as { status?: number }).status ??
        500
      );
    }
  }
  return 200;
}

/** Spec section 2, row by row: path → title (or undefined), auth, layout. */
const SPEC: Array<[string, string | undefined, boolean, Layout]> = [
  ['/', 'Dashboard', true, 'default'],
  ['/login', 'Login', false, 'clean'],
  ['/password-reset-request', 'Request Password Reset', false, 'clean'],
  ['/reset-password', 'Reset Password', false, 'clean'],
  ['/preview/42', 'Preview', true, 'clean'],
  ['/account', undefined, true, 'default'],
  ['/account/notifications', undefined, true, 'default'],
  ['/account/security', undefined, true, 'default'],
  ['/account/team', undefined, true, 'default'],
  ['/billing/channels', 'Channels', true, 'default'],
  ...[
    '/cockpit',
    '/cockpit/7',
    '/cockpit/behaviors',
    '/cockpit/booking',
    '/cockpit/channels',
    '/cockpit/comunicazioni',
    '/cockpit/ecommerce',
    '/cockpit/webinar',
  ].map((p): [string, string, boolean, Layout] => [p, 'Cockpit', true, 'default']),
  ...[
    '/contacts',
    '/contacts/attributes/edit',
    '/contacts/folders',
    '/contacts/importer/import',
    '/contacts/lists',
    '/contacts/segments',
    '/contacts/show/12',
  ].map((p): [string, undefined, boolean, Layout] => [p, undefined, true, 'default']),
  ['/integrations/apikeys', 'Api Keys', true, 'default'],
  ['/integrations/webhooks', 'Webhooks', true, 'default'],
  ['/multichannel', 'Message Console', true, 'default'],
  ...[
    '/multichannel/messages',
    '/multichannel/settings',
    '/multichannel/settings/senders',
    '/multichannel/settings/unsubscribe',
    '/multichannel/email',
    '/multichannel/whatsapp/templates',
  ].map((p): [string, undefined, boolean, Layout] => [p, undefined, true, 'default']),
  ...['step-0', 'step-1', 'step-2', 'step-3'].map((s): [string, undefined, boolean, Layout] => [
    `/multichannel/email/99/${s}`,
    undefined,
    true,
    'default',
  ]),
  ...['clicked', 'openclicks', 'summary', 'timeline'].map((t): [string, undefined, boolean, Layout] => [
    `/multichannel/sms/report/99/${t}`,
    undefined,
    true,
    'default',
  ]),
  ['/userflow', 'UserFlow', true, 'default'],
  ['/userflow/predictions', 'Predictions', true, 'default'],
  ['/userflow/tracker', 'Tracker', true, 'default'],
  ...[
    'step-0',
    'step-1',
    'step-2',
    'step-3',
    'step-4',
    'step-1/api',
    'step-1/file',
    'step-1/ga4',
    'step-1/userflow',
  ].map((s): [string, undefined, boolean, Layout] => [`/userflow/models/m-1/${s}`, undefined, true, 'default']),
  ['/workflows/list', 'Workflow Manager', true, 'fullPage'],
  ['/workflows/folders/archived/2024', 'Workflow Manager', true, 'fullPage'],
  ['/workflows/workflow/5', 'Automation', true, 'fullPage'],
];

describe('route table', () => {
  it.each(SPEC)('%s → title %s, auth %s, %s layout', (path, title, auth, layout) => {
    const r = resolve(path);
    expect(r.title).toBe(title);
    if (!title) expect(r.name).toBeTruthy();
    expect(r.auth).toBe(auth);
    expect(r.layout).toBe(layout);
    expect(r.leaf.lazy ?? r.leaf.element ?? r.leaf.loader).toBeTruthy();
  });

  it('lazy-loads every page', () => {
    for (const [path] of SPEC) expect(resolve(path).leaf.lazy, path).toBeTypeOf('function');
  });

  it('the workflow section spans several segments', () => {
    expect(matchRoutes(routes, '/workflows/a/b/c')?.at(-1)?.params['*']).toBe('a/b/c');
  });

  it.each([
    ['/multichannel/fax', 404],
    ['/multichannel/fax/templates', 404],
    ['/multichannel/email/bad%20id/step-0', 404],
    ['/contacts/show/$$$', 404],
    ['/nowhere/at/all', 404],
    ['/multichannel/email', 200],
    ['/contacts/show/123', 200],
  ])('param validity: %s → %i', async (path, status) => {
    expect(await loaderStatus(path)).toBe(status);
  });

  it('an unknown path is titled Page Not Found', () => {
    expect(resolve('/nowhere').title).toBe('Page Not Found');
  });

  it('redirect rules and wizard index routes answer redirects', async () => {
    const redirectOf = async (path: string) => {
      const matches = matchRoutes(routes, path) ?? [];
      const loader = matches.at(-1)?.route.loader;
      if (typeof loader !== 'function') return null;
      const result = (await loader(
        { params: matches.at(-1)!.params, request: new Request(`http://missiva.test${path}`), context: {} } as never,
        undefined,
      )) as Response;
      return result.headers.get('Location');
    };
    expect(await redirectOf('/billing')).toBe('/billing/channels');
    expect(await redirectOf('/multichannel/email/99')).toBe('/multichannel/email/99/step-0');
    expect(await redirectOf('/multichannel/email/report/99')).toBe('/multichannel/email/report/99/summary');
    expect(await redirectOf('/userflow/models/m-1')).toBe('/userflow/models/m-1/step-0');
  });

  it('a redirect rule to an external address loads the whole page', () => {
    const external = redirectTo('https://docs.example.com/missiva')() as Response;
    expect(external.headers.get('Location')).toBe('https://docs.example.com/missiva');
    expect(external.headers.get('X-Remix-Reload-Document')).toBe('true');
    const internal = redirectTo('/billing/channels')() as Response;
    expect(internal.headers.get('X-Remix-Reload-Document')).toBeNull();
  });
});
