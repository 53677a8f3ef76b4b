import { defineMessage, defineMessages } from 'react-intl';

/** The sending panel of a campaign's report (ids under `screen.sendControls.`). */
export const sendControlsMessages = defineMessages({
  title: { id: 'screen.sendControls.title', defaultMessage: 'Sending' },
  progress: defineMessage<{ done: number; total: number }>({
    id: 'screen.sendControls.progress',
    defaultMessage: '{done, number} of {total, number} recipients have a final answer',
  }),
  counts: defineMessage<{ sent: number; pending: number; deferred: number; notDelivered: number }>({
    id: 'screen.sendControls.counts',
    defaultMessage:
      'Sent {sent, number} · waiting {pending, number} · retrying {deferred, number} · not delivered {notDelivered, number}',
  }),
  pause: { id: 'screen.sendControls.pause', defaultMessage: 'Pause sending' },
  resume: { id: 'screen.sendControls.resume', defaultMessage: 'Resume sending' },
  cancel: { id: 'screen.sendControls.cancel', defaultMessage: 'Cancel campaign' },
  confirmTitle: { id: 'screen.sendControls.confirmTitle', defaultMessage: 'Cancel this campaign?' },
  confirmText: {
    id: 'screen.sendControls.confirmText',
    defaultMessage:
      'Recipients who have not been sent the campaign yet will not receive it. Messages already sent stay sent. ' +
      'This cannot be undone.',
  },
  keepSending: { id: 'screen.sendControls.keepSending', defaultMessage: 'Keep the campaign' },
  loadFailed: { id: 'screen.sendControls.loadFailed', defaultMessage: 'The sending progress could not be loaded.' },
  actionFailed: { id: 'screen.sendControls.actionFailed', defaultMessage: 'That did not work. Try again.' },
  paused: {
    id: 'screen.sendControls.paused',
    defaultMessage: 'Sending is paused. Nobody else receives the campaign until you resume it.',
  },
  scheduled: defineMessage<{ at: Date }>({
    id: 'screen.sendControls.scheduled',
    defaultMessage: 'Scheduled for {at, date, medium} {at, time, short}.',
  }),
});
