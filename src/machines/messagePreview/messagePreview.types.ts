import type { components } from '../../../shared/contract/schema';
import type { Channel } from '../../../shared/messaging.ts';
import type { PreviewDevice } from '../../../shared/templates.ts';

export type RenderedPreview = components['schemas']['RenderedPreview'];

/** What is previewed: a template (the editor) or a message (the wizard, `/preview/{id}`). */
export interface PreviewTarget {
  kind: 'template' | 'message';
  channel: Channel;
  id: number;
}

export interface ContactOption {
  id: number;
  label: string;
}

export interface MessagePreviewContext {
  target: PreviewTarget;
  /** Null: sample values. */
  contactId: number | null;
  device: PreviewDevice;
  rendered: RenderedPreview | null;
  contactQuery: string;
  contacts: ContactOption[];
  error: 'loadFailed' | null;
}

export type MessagePreviewEvent =
  | { type: 'preview.retry' }
  | { type: 'preview.refresh' }
  | { type: 'preview.contact'; contactId: number | null }
  | { type: 'preview.device'; device: PreviewDevice }
  | { type: 'contacts.search'; q: string };
