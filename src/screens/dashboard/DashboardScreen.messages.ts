import { defineMessage, defineMessages } from 'react-intl';

export const dashboardMessages = defineMessages({
  greeting: defineMessage<{ name: string }>({ id: 'screen.dashboard.greeting', defaultMessage: 'Hello, {name}' }),
  company: defineMessage<{ company: string }>({
    id: 'screen.dashboard.company',
    defaultMessage: 'You are working in {company}.',
  }),
  channelsTitle: { id: 'screen.dashboard.channelsTitle', defaultMessage: 'Active channels' },
  noChannels: {
    id: 'screen.dashboard.noChannels',
    defaultMessage: 'No channel is active yet. Channels are set up under Billing → Channels.',
  },
  channelType: defineMessage<{ type: string }>({
    id: 'screen.dashboard.channelType',
    defaultMessage:
      '{type, select, email {Email} whatsapp {WhatsApp} sms {SMS} push {Push} webhook {Webhook} other {{type}}}',
  }),
  areasTitle: { id: 'screen.dashboard.areasTitle', defaultMessage: 'Where to start' },
  contacts: { id: 'screen.dashboard.area.contacts', defaultMessage: 'Contacts, lists and segments: who you talk to.' },
  multichannel: {
    id: 'screen.dashboard.area.multichannel',
    defaultMessage: 'Campaigns by email, WhatsApp and SMS, with reports.',
  },
  userflow: { id: 'screen.dashboard.area.userflow', defaultMessage: 'Predictive models trained on your own data.' },
  workflows: { id: 'screen.dashboard.area.workflows', defaultMessage: 'Automations that react to what contacts do.' },
  cockpit: {
    id: 'screen.dashboard.area.cockpit',
    defaultMessage: 'Overviews of behaviours, channels and communications.',
  },
  integrations: { id: 'screen.dashboard.area.integrations', defaultMessage: 'Webhooks and API keys for your systems.' },
});
