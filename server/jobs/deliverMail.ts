import type { Task } from 'graphile-worker';
import type { AppContext } from '../context.ts';
import type { EmailChannel } from '../channels/email.ts';

/**
 * Delivers one outbox message. A failure records the error and rethrows, so graphile-worker retries it with
 * exponential backoff up to the job's max_attempts; the row is marked failed on the last attempt.
 * A system path (the owner's pool): the outbox holds the mail of sign-in flows, before any company is bound, and
 * the job names only the message.
 */
export function deliverMailTask(ctx: AppContext, email: EmailChannel | undefined): Task {
  return async (payload, helpers) => {
    const id = Number((payload as { id?: unknown }).id);
    const { rows } = await ctx.pool.query<{
      to_address: string;
      subject: string;
      text_body: string;
      html_body: string | null;
      reply_to: string | null;
      status: string;
    }>(
      `update outbox set status = 'sending', attempts = attempts + 1 where id = $1 and status in ('queued', 'sending', 'failed')
       returning to_address, subject, text_body, html_body, reply_to, status`,
      [id],
    );
    const row = rows[0];
    if (!row) return; // already sent, or removed
    if (!email) throw new Error('SMTP is not configured');
    try {
      const { messageId } = await email.send({
        from: ctx.config.mailFrom,
        to: row.to_address,
        subject: row.subject,
        text: row.text_body,
        html: row.html_body,
        ...(row.reply_to ? { replyTo: row.reply_to } : {}),
      });
      await ctx.pool.query(
        `update outbox set status = 'sent', sent_at = now(), message_id = $2, last_error = null where id = $1`,
        [id, messageId],
      );
    } catch (error) {
      const last = helpers.job.attempts >= helpers.job.max_attempts;
      await ctx.pool.query(`update outbox set status = $2, last_error = $3 where id = $1`, [
        id,
        last ? 'failed' : 'queued',
        String((error as Error).message).slice(0, 500),
      ]);
      throw error;
    }
  };
}
