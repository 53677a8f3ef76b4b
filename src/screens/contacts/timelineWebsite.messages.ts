import { defineMessage } from 'react-intl';

/** The contact timeline's website entries (ContactEvent.type website.visit / website.event, from the tracker). */
export const websiteTimelineMessages = {
  'website.visit': defineMessage<{ pages: number }>({
    id: 'screen.timeline.website.visit',
    defaultMessage: 'Website visit: {pages, plural, one {# page} other {# pages}}',
  }),
  'website.event': defineMessage<{ name: string }>({
    id: 'screen.timeline.website.event',
    defaultMessage: 'Website event: {name}',
  }),
};
