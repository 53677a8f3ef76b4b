import type { Task } from 'graphile-worker';
import type { AppContext } from '../context.ts';
import { withTransaction } from '../db/pool.ts';
import { enqueueMail } from '../services/mail/outbox.ts';
import { nextRunAfter } from './schedule.ts';

interface Due {
  user_id: string;
  company_id: string;
  email: string;
  first_name: string;
  language: string;
  digest_pattern: string;
  time_zone: string;
  since: Date;
}

const TEXT = {
  en: {
    subject: (product: string) => `Your ${product} activity digest`,
    hello: (name: string) => `Hello ${name},`,
    intro: (since: string) => `Here is what happened since ${since}:`,
    imports: 'Imports finished',
    sends: 'Campaigns sent',
    failures: 'Failures',
    nothing: 'Nothing new: no imports, sends or failures.',
  },
  it: {
    subject: (product: string) => `Il riepilogo attività di ${product}`,
    hello: (name: string) => `Ciao ${name},`,
    intro: (since: string) => `Ecco cosa è successo dal ${since}:`,
    imports: 'Importazioni completate',
    sends: 'Campagne inviate',
    failures: 'Errori',
    nothing: 'Nessuna novità: nessuna importazione, invio o errore.',
  },
} as const;

/**
 * Sends each due activity digest (sends, imports, failures since the last one) through the outbox and schedules the
 * next with the same next-run helper the schedule editor previews. Runs every minute from graphile-worker's crontab;
 * SKIP LOCKED lets several workers share the work. A system path (the owner's pool): it goes over every company's
 * due digests in one queue.
 */
export function sendDigestsTask(ctx: AppContext): Task {
  return async () => {
    for (;;) {
      const sent = await withTransaction(ctx.pool, async (db) => {
        const { rows } = await db.query<Due>(
          `select s.user_id, s.company_id, u.email::text as email, u.first_name, u.language, s.digest_pattern, s.time_zone,
                  coalesce(s.digest_last_at, s.updated_at) as since
             from notification_settings s join users u on u.id = s.user_id
            where s.digest_enabled and s.digest_next_at <= now()
            order by s.digest_next_at limit 1 for update of s skip locked`,
        );
        const due = rows[0];
        if (!due) return false;
        const counts = await db.query<{ imports: number; sends: number; failures: number }>(
          `select count(*) filter (where kind like 'import.%' and level <> 'error')::int as imports,
                  count(*) filter (where kind like 'send.%' and level <> 'error')::int as sends,
                  count(*) filter (where level = 'error')::int as failures
             from notifications where company_id = $1 and (user_id is null or user_id = $2) and created_at > $3`,
          [due.company_id, due.user_id, due.since],
        );
        const c = counts.rows[0] ?? { imports: 0, sends: 0, failures: 0 };
        const t = due.language === 'it' ? TEXT.it : TEXT.en;
        const since = new Intl.DateTimeFormat(due.language === 'it' ? 'it-IT' : 'en-GB', {
          dateStyle: 'medium',
          timeStyle: 'short',
          timeZone: due.time_zone,
        }).format(due.since);
        const body =
          c.imports + c.sends + c.failures === 0
            ? t.nothing
            : `${t.imports}: ${c.imports}\n${t.sends}: ${c.sends}\n${t.failures}: ${c.failures}`;
        await enqueueMail(
          db,
          {
            companyId: due.company_id,
            to: due.email,
            subject: t.subject(ctx.config.productName),
            text: `${t.hello(due.first_name)}\n\n${t.intro(since)}\n\n${body}\n\n${ctx.config.publicUrl}/account/notifications`,
            kind: 'digest',
          },
          Boolean(ctx.config.smtpUrl),
        );
        await db.query(
          'update notification_settings set digest_last_at = now(), digest_next_at = $2 where user_id = $1',
          [due.user_id, nextRunAfter(due.digest_pattern, due.time_zone)],
        );
        return true;
      });
      if (!sent) return;
    }
  };
}
