import type { Scope } from '../scope.ts';
import { notFound } from '../../http/errors.ts';

/**
 * The pre-send checklist of a message (the wizard's step-3 shows it; sending refuses a message with a blocking
 * failure). Each item has a stable key the SPA translates. The message area completes the items; the engine calls
 * `blockingProblems` before it starts a send.
 */
export const CHECKLIST_KEYS = [
  'content',
  'recipients',
  'senderVerified',
  'dkimFound',
  'spfFound',
  'unsubscribeLink',
  'previewText',
  'imageAlt',
  'linksValid',
  'mergeTags',
  'size',
] as const;
export type ChecklistKey = (typeof CHECKLIST_KEYS)[number];

export interface ChecklistItem {
  key: ChecklistKey;
  ok: boolean;
  /** A blocking item that fails stops the send; the others are advice. */
  blocking: boolean;
  /** What is wrong, in words a person understands (English; the SPA translates by key and shows this as detail). */
  detail?: string;
}

export async function presendChecklist(scope: Scope, messageId: number): Promise<ChecklistItem[]> {
  const { rows } = await scope.db.query<{ html: string | null; verified: boolean | null }>(
    `select m.html, s.verified_at is not null as verified
       from messages m left join senders s on s.company_id = m.company_id and s.id = m.sender_id
      where m.company_id = $1 and m.id = $2`,
    [scope.companyId, messageId],
  );
  const message = rows[0];
  if (!message) throw notFound();
  return [
    { key: 'content', ok: Boolean(message.html?.trim()), blocking: true },
    { key: 'senderVerified', ok: message.verified === true, blocking: true },
  ];
}

export const blockingProblems = (items: ChecklistItem[]) => items.filter((item) => item.blocking && !item.ok);
