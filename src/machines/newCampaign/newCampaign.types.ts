// Types of the newCampaign machine.
import type { Channel } from '../../../shared/messaging.ts';

export interface NewCampaignContext {
  created: number | null;
  failed: boolean;
}

export type NewCampaignEvent = { type: 'campaign.create'; channel: Channel };
