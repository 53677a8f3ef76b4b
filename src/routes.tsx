import type { ComponentType } from 'react';
import type { MessageDescriptor } from 'react-intl';
import { data, redirect, redirectDocument, type LoaderFunctionArgs, type Params, type RouteObject } from 'react-router';
import { appEvents } from './app/appEvents.ts';
import type { RouteHandle } from './app/routeHandle.ts';
import { isChannel as isMessagingChannel } from '../shared/messaging.ts';
import { routeNames, routeTitles } from './i18n/routes.messages.ts';
import { emailConfirmMessages } from './screens/profile/EmailConfirmScreen.messages.ts';
import { AuthGate } from './screens/shell/AuthGate.tsx';
import { CleanLayout } from './screens/shell/CleanLayout.tsx';
import { RootView } from './screens/shell/RootView.tsx';
import { RouteErrorScreen } from './screens/errors/RouteErrorScreen.tsx';

export type { Layout, RouteHandle } from './app/routeHandle.ts';

export const CHANNELS = ['email', 'whatsapp', 'sms', 'push', 'webhook'] as const;
const ID = /^[A-Za-z0-9_-]{1,64}$/;

export const isChannel = (value: string | undefined) => (CHANNELS as readonly string[]).includes(value ?? '');
export const isId = (value: string | undefined) => ID.test(value ?? '');
/** One or more path segments of letters, digits, dashes and underscores. */
export const isSection = (value: string | undefined) => /^[A-Za-z0-9_-]+(\/[A-Za-z0-9_-]+)*\/?$/.test(value ?? '');

/** A route param validity check: failing it shows the 404 page. */
function valid(check: (params: Params) => boolean) {
  return ({ params }: LoaderFunctionArgs) => {
    if (!check(params)) throw data(null, { status: 404, statusText: 'Not Found' });
    return null;
  };
}

/** A redirect rule: internal paths navigate, external addresses load the whole page. */
export function redirectTo(target: string) {
  return () => (/^https?:\/\//.test(target) ? redirectDocument(target) : redirect(target));
}

/** A redirect from an index route to a child of the current path. */
function redirectToChild(child: string) {
  return ({ request }: LoaderFunctionArgs) => redirect(`${new URL(request.url).pathname.replace(/\/$/, '')}/${child}`);
}

type ScreenModule = Record<string, unknown>;

/** Each area is its own chunk; a chunk that fails to load is reported so the release machine can reload. */
function screen<M extends ScreenModule>(load: () => Promise<M>, name: keyof M & string) {
  return async () => {
    try {
      const module = await load();
      return { Component: module[name] as ComponentType };
    } catch (error) {
      appEvents.emit({ type: 'chunk.failed', at: Date.now() });
      throw error;
    }
  };
}

const dashboard = () => import('./screens/dashboard/DashboardScreen.tsx');
const auth = {
  login: () => import('./screens/auth/LoginScreen.tsx'),
  request: () => import('./screens/auth/RequestPasswordResetScreen.tsx'),
  reset: () => import('./screens/auth/ResetPasswordScreen.tsx'),
  invitation: () => import('./screens/auth/InvitationScreen.tsx'),
};
const emailConfirm = () => import('./screens/profile/EmailConfirmScreen.tsx');
const profile = () => import('./screens/profile/ProfileScreen.tsx');
const notifications = () => import('./screens/account/NotificationsScreen.tsx');
const team = () => import('./screens/account/TeamScreen.tsx');
const security = () => import('./screens/account/SecurityScreen.tsx');
const billing = () => import('./screens/billing/BillingScreen.tsx');
const cockpit = () => import('./screens/cockpit/CockpitScreen.tsx');
const contacts = () => import('./screens/contacts/ContactsScreen.tsx');
const contact = () => import('./screens/contacts/ContactScreen.tsx');
const contactCollections = () => import('./screens/contacts/CollectionScreen.tsx');
const contactImport = () => import('./screens/contacts/ImportScreen.tsx');
const segments = () => import('./screens/contacts/SegmentsScreen.tsx');
const apiKeys = () => import('./screens/integrations/ApiKeysScreen.tsx');
const webhooks = () => import('./screens/integrations/WebhooksScreen.tsx');
const wizard = () => import('./screens/multichannel/MessageWizardScreen.tsx');
const report = () => import('./screens/multichannel/MessageReportScreen.tsx');
const senders = () => import('./screens/multichannel/SendersScreen.tsx');
const messagingSettings = () => import('./screens/multichannel/MessagingSettingsScreen.tsx');
const unsubscribeSettings = () => import('./screens/multichannel/UnsubscribeSettingsScreen.tsx');
const messageConsole = () => import('./screens/multichannel/ConsoleScreen.tsx');
const messageLog = () => import('./screens/multichannel/MessageLogScreen.tsx');
const userflow = () => import('./screens/userflow/UserflowScreen.tsx');
const model = () => import('./screens/userflow/ModelWizardScreen.tsx');
const tracker = () => import('./screens/userflow/TrackerScreen.tsx');
const predictions = () => import('./screens/userflow/PredictionsScreen.tsx');
const workflows = () => import('./screens/workflows/WorkflowsScreen.tsx');
const workflowEditor = () => import('./screens/workflows/WorkflowEditorScreen.tsx');
const preview = () => import('./screens/preview/PreviewScreen.tsx');
const defaultLayout = () => import('./screens/shell/DefaultLayout.tsx');
const fullPageLayout = () => import('./screens/shell/FullPageLayout.tsx');

const title = (t: MessageDescriptor): { handle: RouteHandle } => ({ handle: { title: t } });
const named = (n: MessageDescriptor, nameValues?: RouteHandle['nameValues']): { handle: RouteHandle } => ({
  handle: { name: n, ...(nameValues ? { nameValues } : {}) },
});
const channelValues = (params: Params) => ({ channel: params.channel ?? '' });

const messageWizardSteps: RouteObject[] = ['step-0', 'step-1', 'step-2', 'step-3'].map((step) => ({
  path: step,
  lazy: screen(wizard, 'MessageWizardStepScreen'),
}));
const reportTabs: RouteObject[] = ['clicked', 'openclicks', 'summary', 'timeline'].map((tab) => ({
  path: tab,
  lazy: screen(report, 'MessageReportTabScreen'),
}));
const modelSources: RouteObject[] = ['api', 'file', 'ga4', 'userflow'].map((source) => ({
  path: source,
  lazy: screen(model, 'ModelWizardStepScreen'),
}));
const modelSteps: RouteObject[] = ['step-0', 'step-1', 'step-2', 'step-3', 'step-4'].map((step) =>
  step === 'step-1'
    ? { path: step, lazy: screen(model, 'ModelSourceScreen'), children: modelSources }
    : { path: step, lazy: screen(model, 'ModelWizardStepScreen') },
);

/** Pages inside the default layout (navigation, header). */
const defaultPages: RouteObject[] = [
  { index: true, ...title(routeTitles.dashboard), lazy: screen(dashboard, 'DashboardScreen') },
  { path: 'account', ...named(routeNames.account), lazy: screen(profile, 'ProfileScreen') },
  {
    path: 'account/notifications',
    ...named(routeNames.accountNotifications),
    lazy: screen(notifications, 'NotificationsScreen'),
  },
  { path: 'account/security', ...named(routeNames.accountSecurity), lazy: screen(security, 'SecurityScreen') },
  { path: 'account/team', ...named(routeNames.accountTeam), lazy: screen(team, 'TeamScreen') },
  { path: 'billing', loader: redirectTo('/billing/channels') },
  { path: 'billing/channels', ...title(routeTitles.billingChannels), lazy: screen(billing, 'BillingScreen') },
  ...[
    'cockpit',
    'cockpit/behaviors',
    'cockpit/booking',
    'cockpit/channels',
    'cockpit/comunicazioni',
    'cockpit/ecommerce',
    'cockpit/webinar',
  ].map((path): RouteObject => ({ path, ...title(routeTitles.cockpit), lazy: screen(cockpit, 'CockpitScreen') })),
  {
    path: 'cockpit/:id',
    ...title(routeTitles.cockpit),
    loader: valid((p) => isId(p.id)),
    lazy: screen(cockpit, 'CockpitScreen'),
  },
  { path: 'contacts', ...named(routeNames.contacts), lazy: screen(contacts, 'ContactsScreen') },
  {
    path: 'contacts/attributes/edit',
    ...named(routeNames.contactAttributes),
    lazy: screen(contactCollections, 'AttributesScreen'),
  },
  { path: 'contacts/folders', ...named(routeNames.contactFolders), lazy: screen(contactCollections, 'FoldersScreen') },
  { path: 'contacts/importer/import', ...named(routeNames.contactImport), lazy: screen(contactImport, 'ImportScreen') },
  { path: 'contacts/lists', ...named(routeNames.contactLists), lazy: screen(contactCollections, 'ListsScreen') },
  { path: 'contacts/segments', ...named(routeNames.contactSegments), lazy: screen(segments, 'SegmentsScreen') },
  {
    path: 'contacts/show/:id',
    ...named(routeNames.contact),
    loader: valid((p) => isId(p.id)),
    lazy: screen(contact, 'ContactScreen'),
  },
  { path: 'integrations', loader: redirectTo('/integrations/apikeys') },
  { path: 'integrations/apikeys', ...title(routeTitles.apiKeys), lazy: screen(apiKeys, 'ApiKeysScreen') },
  { path: 'integrations/webhooks', ...title(routeTitles.webhooks), lazy: screen(webhooks, 'WebhooksScreen') },
  {
    path: 'multichannel/settings',
    ...named(routeNames.settings),
    lazy: screen(messagingSettings, 'MessagingSettingsScreen'),
  },
  { path: 'multichannel', ...title(routeTitles.multichannel), lazy: screen(messageConsole, 'ConsoleScreen') },
  { path: 'multichannel/messages', ...named(routeNames.messages), lazy: screen(messageLog, 'MessageLogScreen') },
  {
    path: 'multichannel/settings/senders',
    ...named(routeNames.senders),
    lazy: screen(senders, 'SendersScreen'),
  },
  {
    path: 'multichannel/settings/unsubscribe',
    ...named(routeNames.unsubscribe),
    lazy: screen(unsubscribeSettings, 'UnsubscribeSettingsScreen'),
  },
  {
    path: 'multichannel/:channel',
    ...named(routeNames.channel, channelValues),
    loader: valid((p) => isMessagingChannel(p.channel)),
    lazy: screen(messageConsole, 'ConsoleScreen'),
  },
  {
    path: 'multichannel/:channel/templates',
    ...named(routeNames.templates, channelValues),
    loader: valid((p) => isChannel(p.channel)),
    lazy: screen(() => import('./screens/multichannel/templates/TemplatesScreen.tsx'), 'TemplatesScreen'),
  },
  {
    path: 'multichannel/:channel/:id',
    ...named(routeNames.messageWizard),
    loader: valid((p) => isChannel(p.channel) && isId(p.id)),
    lazy: screen(wizard, 'MessageWizardScreen'),
    children: [{ index: true, loader: redirectToChild('step-0') }, ...messageWizardSteps],
  },
  {
    path: 'multichannel/:channel/report/:id',
    ...named(routeNames.report),
    loader: valid((p) => isMessagingChannel(p.channel) && /^[1-9][0-9]{0,15}$/.test(p.id ?? '')),
    lazy: screen(report, 'MessageReportScreen'),
    children: [{ index: true, loader: redirectToChild('summary') }, ...reportTabs],
  },
  { path: 'userflow', ...title(routeTitles.userflow), lazy: screen(userflow, 'UserflowScreen') },
  { path: 'userflow/predictions', ...title(routeTitles.predictions), lazy: screen(predictions, 'PredictionsScreen') },
  { path: 'userflow/tracker', ...title(routeTitles.tracker), lazy: screen(tracker, 'TrackerScreen') },
  { path: 'userflow/models', loader: redirectTo('/userflow') },
  {
    path: 'userflow/models/:id',
    ...named(routeNames.model),
    loader: valid((p) => isId(p.id)),
    lazy: screen(model, 'ModelWizardScreen'),
    children: [{ index: true, loader: redirectToChild('step-0') }, ...modelSteps],
  },
];

/** Every route of spec section 2, with its title, auth flag, layout and params. */
export const routes: RouteObject[] = [
  {
    id: 'root',
    element: <RootView />,
    errorElement: <RouteErrorScreen standalone />,
    // Shown while the first page's lazy chunks load (the loading bar is not mounted yet).
    hydrateFallbackElement: <div aria-busy="true" />,
    children: [
      {
        element: <AuthGate access="anonymous" />,
        handle: { auth: false } satisfies RouteHandle,
        children: [
          {
            element: <CleanLayout />,
            handle: { layout: 'clean' } satisfies RouteHandle,
            children: [
              { path: 'login', ...title(routeTitles.login), lazy: screen(auth.login, 'LoginScreen') },
              {
                path: 'password-reset-request',
                ...title(routeTitles.passwordResetRequest),
                lazy: screen(auth.request, 'RequestPasswordResetScreen'),
              },
              {
                path: 'reset-password',
                ...title(routeTitles.resetPassword),
                lazy: screen(auth.reset, 'ResetPasswordScreen'),
              },
              {
                path: 'invitation',
                ...title(routeTitles.joinTeam),
                lazy: screen(auth.invitation, 'InvitationScreen'),
              },
            ],
          },
        ],
      },
      {
        element: <AuthGate access="user" />,
        handle: { auth: true } satisfies RouteHandle,
        children: [
          {
            element: <CleanLayout />,
            handle: { layout: 'clean' } satisfies RouteHandle,
            children: [
              {
                path: 'preview/:id',
                ...title(routeTitles.preview),
                loader: valid((p) => isId(p.id)),
                lazy: screen(preview, 'PreviewScreen'),
              },
            ],
          },
          {
            lazy: screen(fullPageLayout, 'FullPageLayout'),
            handle: { layout: 'fullPage' } satisfies RouteHandle,
            children: [
              {
                errorElement: <RouteErrorScreen />,
                children: [
                  {
                    path: 'workflows/workflow/:id',
                    ...title(routeTitles.automation),
                    loader: valid((p) => /^[1-9][0-9]{0,15}$/.test(p.id ?? '')),
                    lazy: screen(workflowEditor, 'WorkflowEditorScreen'),
                  },
                  {
                    path: 'workflows/*',
                    ...title(routeTitles.workflowManager),
                    loader: valid((p) => p['*'] === '' || isSection(p['*'])),
                    lazy: screen(workflows, 'WorkflowsScreen'),
                  },
                ],
              },
            ],
          },
          {
            lazy: screen(defaultLayout, 'DefaultLayout'),
            handle: { layout: 'default' } satisfies RouteHandle,
            // A pathless child catches page errors, so the error page shows inside the layout.
            children: [{ errorElement: <RouteErrorScreen />, children: defaultPages }],
          },
        ],
      },
      {
        // The link sent to a new sign-in address: it works signed in or not, so it sits outside both gates.
        element: <CleanLayout />,
        handle: { layout: 'clean' } satisfies RouteHandle,
        children: [
          {
            path: 'account/email/confirm',
            ...title(emailConfirmMessages.title),
            lazy: screen(emailConfirm, 'EmailConfirmScreen'),
          },
        ],
      },
      {
        path: '*',
        ...title(routeTitles.notFound),
        loader: () => Promise.reject(data(null, { status: 404, statusText: 'Not Found' })),
      },
    ],
  },
];
