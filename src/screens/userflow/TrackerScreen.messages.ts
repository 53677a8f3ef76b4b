import { defineMessage, defineMessages } from 'react-intl';

export const trackerMessages = {
  ...defineMessages({
    title: { id: 'screen.tracker.title', defaultMessage: 'Tracker' },
    intro: {
      id: 'screen.tracker.intro',
      defaultMessage:
        'Record page views, custom events and identified visitors on your website. Identified visitors appear on ' +
        "their contact's timeline.",
    },
    loadFailed: { id: 'screen.tracker.loadFailed', defaultMessage: 'The tracker could not be loaded.' },
    createFailed: { id: 'screen.tracker.createFailed', defaultMessage: 'The site could not be created. Try again.' },
    saveFailed: { id: 'screen.tracker.saveFailed', defaultMessage: 'The settings could not be saved. Try again.' },
    retry: { id: 'screen.tracker.retry', defaultMessage: 'Try again' },
    emptyTitle: { id: 'screen.tracker.empty.title', defaultMessage: 'Install the tracker on your website' },
    emptyText: {
      id: 'screen.tracker.empty.text',
      defaultMessage:
        'Create your site to get its snippet, then paste the snippet into every page of your website, before the end ' +
        'of its head. Page views are recorded by themselves; custom events and identified visitors take one line each.',
    },
    create: { id: 'screen.tracker.create', defaultMessage: 'Create the site' },
    snippetTitle: { id: 'screen.tracker.snippet.title', defaultMessage: 'Snippet' },
    snippetHelp: {
      id: 'screen.tracker.snippet.help',
      defaultMessage: 'Paste it into every page of your website, before the end of its head. Then, in your pages:',
    },
    eventHelp: { id: 'screen.tracker.snippet.eventHelp', defaultMessage: 'a custom event with its properties' },
    identifyHelp: { id: 'screen.tracker.snippet.identifyHelp', defaultMessage: 'the visitor signed in or subscribed' },
    consentHelp: {
      id: 'screen.tracker.snippet.consentHelp',
      defaultMessage: 'the visitor accepted tracking in your cookie banner (nothing is sent before)',
    },
    copy: { id: 'screen.tracker.snippet.copy', defaultMessage: 'Copy the snippet' },
    copied: { id: 'screen.tracker.snippet.copied', defaultMessage: 'Copied' },
    settingsTitle: { id: 'screen.tracker.settings.title', defaultMessage: 'Site settings' },
    domains: { id: 'screen.tracker.settings.domains', defaultMessage: 'Allowed domains' },
    domainsHelp: {
      id: 'screen.tracker.settings.domainsHelp',
      defaultMessage:
        'Only pages on these domains can send events. *.example.com allows example.com and all its subdomains.',
    },
    domainsPlaceholder: { id: 'screen.tracker.settings.domainsPlaceholder', defaultMessage: 'www.example.com' },
    consentMode: { id: 'screen.tracker.settings.consentMode', defaultMessage: 'Consent' },
    consentAsk: { id: 'screen.tracker.settings.consentAsk', defaultMessage: 'Wait for the visitor’s consent' },
    consentNone: { id: 'screen.tracker.settings.consentNone', defaultMessage: 'Record at once' },
    retention: { id: 'screen.tracker.settings.retention', defaultMessage: 'Keep events for (days)' },
    save: { id: 'screen.tracker.settings.save', defaultMessage: 'Save settings' },
    chartTitle: { id: 'screen.tracker.chart.title', defaultMessage: 'Events per day, last 30 days' },
    pageViews: { id: 'screen.tracker.chart.pageViews', defaultMessage: 'Page views' },
    events: { id: 'screen.tracker.chart.events', defaultMessage: 'Events' },
    identifies: { id: 'screen.tracker.chart.identifies', defaultMessage: 'Identified' },
    liveTitle: { id: 'screen.tracker.live.title', defaultMessage: 'Live events' },
    liveEmpty: {
      id: 'screen.tracker.live.empty',
      defaultMessage: 'No events yet. They appear here as soon as a page with the snippet is visited.',
    },
    colTime: { id: 'screen.tracker.live.time', defaultMessage: 'Time' },
    colType: { id: 'screen.tracker.live.type', defaultMessage: 'Type' },
    colDetail: { id: 'screen.tracker.live.detail', defaultMessage: 'Page or event' },
    colVisitor: { id: 'screen.tracker.live.visitor', defaultMessage: 'Visitor' },
    contact: { id: 'screen.tracker.live.contact', defaultMessage: 'Contact' },
    anonymous: { id: 'screen.tracker.live.anonymous', defaultMessage: 'Anonymous' },
  }),
};

/** The live list's event types (TrackerEvent.type). */
export const trackerTypeMessages = {
  page_view: defineMessage({ id: 'screen.tracker.type.pageView', defaultMessage: 'Page view' }),
  event: defineMessage({ id: 'screen.tracker.type.event', defaultMessage: 'Event' }),
  identify: defineMessage({ id: 'screen.tracker.type.identify', defaultMessage: 'Identify' }),
};
