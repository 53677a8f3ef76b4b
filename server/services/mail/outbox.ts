import type { Pool, PoolClient } from '../../db/pool.ts';
import { TASKS } from '../../../shared/jobs.ts';
import { enqueue } from '../../jobs/enqueue.ts';
import type { Scope } from '../scope.ts';

export interface OutgoingMail {
  companyId: string;
  to: string;
  /** The address answers go to (a forwarded reply's replier); unset: MAIL_FROM. */
  replyTo?: string;
  subject: string;
  text: string;
  html?: string;
  kind: string;
}

/**
 * Records a message in the outbox and, when SMTP is configured, queues its delivery in the same transaction, so a
 * message is never sent without a row nor recorded without a delivery job. Without SMTP it is only captured.
 * `companyBound`: `db` is a transaction bound to mail.companyId (a Scope's), whose role queues jobs only through
 * missiva_add_job; the owner's pool (sign-in flows, before any company is bound) leaves it false.
 */
export async function enqueueMail(
  db: Pool | PoolClient,
  mail: OutgoingMail,
  smtpConfigured: boolean,
  companyBound = false,
): Promise<number> {
  const { rows } = await db.query<{ id: number }>(
    `insert into outbox (company_id, to_address, subject, text_body, html_body, kind, status, reply_to)
     values ($1, $2, $3, $4, $5, $6, $7, $8) returning id`,
    [
      mail.companyId,
      mail.to,
      mail.subject,
      mail.text,
      mail.html ?? null,
      mail.kind,
      smtpConfigured ? 'queued' : 'captured',
      mail.replyTo ?? null,
    ],
  );
  const id = rows[0]!.id;
  if (smtpConfigured) {
    await enqueue(db, TASKS.deliverMail, companyBound ? { id, companyId: mail.companyId } : { id });
  }
  return id;
}

export interface OutboxRow {
  id: number;
  to: string;
  subject: string;
  kind: string;
  status: 'queued' | 'sending' | 'sent' | 'failed' | 'captured';
  attempts: number;
  lastError: string | null;
  createdAt: string;
  sentAt: string | null;
}

export async function listOutbox(
  scope: Scope,
  page: number,
  perPage: number,
  status?: string,
): Promise<{ rows: OutboxRow[]; total: number }> {
  const filter = status ? 'and status = $2' : '';
  const args: unknown[] = status ? [scope.companyId, status] : [scope.companyId];
  const [{ rows }, count] = await Promise.all([
    scope.db.query<OutboxRow>(
      `select id, to_address as "to", subject, kind, status, attempts, last_error as "lastError",
              to_json(created_at) #>> '{}' as "createdAt", to_json(sent_at) #>> '{}' as "sentAt"
         from outbox where company_id = $1 ${filter}
        order by id desc limit ${perPage} offset ${(page - 1) * perPage}`,
      args,
    ),
    scope.db.query<{ total: number }>(
      `select count(*)::int as total from outbox where company_id = $1 ${filter}`,
      args,
    ),
  ]);
  return { rows, total: count.rows[0]?.total ?? 0 };
}
