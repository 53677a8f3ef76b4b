import type { components } from '../../../shared/contract/schema';
import type { Channel } from '../../../shared/messaging.ts';

export type Template = components['schemas']['Template'];
export type MergeTag = components['schemas']['MergeTag'];
export type TemplateDesign = Record<string, unknown>;

export interface TemplateEditorInput {
  channel: Channel;
  templateId: number;
}

export interface EditorData {
  template: Template;
  mergeTags: MergeTag[];
}

/** What is saved: the editor's project data and its source (MJML for email), and the subject. */
export interface TemplateDraft {
  subject: string;
  design: TemplateDesign | null;
  source: string;
}

/**
 * The server's refusal, per field: each message names the merge tag or MJML element and its line (server text, shown
 * as it is: it quotes the template).
 */
export type TemplateProblems = Partial<Record<'source' | 'subject' | 'name', string[]>>;

export type SaveOutcome = { kind: 'saved'; template: Template } | { kind: 'rejected'; problems: TemplateProblems };

export type TemplateEditorError = 'loadFailed' | 'saveFailed';

export interface TemplateEditorContext {
  channel: Channel;
  templateId: number;
  template: Template | null;
  mergeTags: MergeTag[];
  /** The source the visual editor loads; `revision` changes when it must reload it (the source view applied). */
  loaded: { design: TemplateDesign | null; source: string; revision: number };
  subject: string;
  /** The MJML being edited in the source view. */
  sourceDraft: string;
  problems: TemplateProblems;
  error: TemplateEditorError | null;
}

export type TemplateEditorEvent =
  | { type: 'editor.retry' }
  | { type: 'design.changed' }
  | { type: 'subject.changed'; subject: string }
  | { type: 'editor.save'; design: TemplateDesign | null; source: string }
  | { type: 'source.open'; source: string }
  | { type: 'source.edit'; source: string }
  | { type: 'source.apply' }
  | { type: 'source.cancel' };
