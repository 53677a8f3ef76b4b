import type { AppContext } from '../../context.ts';
import { invalid, type FieldErrors } from '../../http/errors.ts';
import { isTimeZone, isValidPattern, nextRunAfter, nextRuns } from '../../jobs/schedule.ts';
import type { components } from '../../../shared/contract/schema.d.ts';
import type { ScheduleError } from '../../../shared/cron.ts';
import { FIELD_TEXTS } from '../../../shared/fieldTexts.ts';
import { NOTIFICATION_KINDS, type NotificationKind } from '../../../shared/notifications.ts';
import { forJob, type Scope } from '../scope.ts';

type Settings = components['schemas']['NotificationSettings'];
type SettingsInput = components['schemas']['NotificationSettingsInput'];
type Level = 'info' | 'success' | 'warning' | 'error';
export type Category = 'imports' | 'sends' | 'failures';

/** The category a notification kind belongs to; errors of any kind count as failures. */
export function categoryOf(kind: string, level: Level): Category | null {
  if (level === 'error') return 'failures';
  if (kind.startsWith('import.')) return 'imports';
  if (kind.startsWith('send.')) return 'sends';
  return null;
}

interface Row {
  in_app: Settings['inApp'];
  email: Settings['email'];
  digest_enabled: boolean;
  digest_pattern: string;
  digest_period: Settings['digest']['period'];
  time_zone: string;
  digest_last_at: Date | null;
}

const DEFAULTS: Row = {
  in_app: { imports: true, sends: true, failures: true },
  email: { imports: false, sends: false, failures: true },
  digest_enabled: false,
  digest_pattern: '0 8 * * 1',
  digest_period: 'week',
  time_zone: 'UTC',
  digest_last_at: null,
};

function present(row: Row): Settings {
  return {
    inApp: row.in_app,
    email: row.email,
    digest: {
      enabled: row.digest_enabled,
      pattern: row.digest_pattern,
      period: row.digest_period,
      timeZone: row.time_zone,
      lastSentAt: row.digest_last_at?.toISOString() ?? null,
      nextRuns: row.digest_enabled ? nextRuns(row.digest_pattern, 5, row.time_zone).map((d) => d.toISOString()) : [],
    },
  };
}

export async function getSettings(scope: Scope): Promise<Settings> {
  const { rows } = await scope.db.query<Row>(
    `select in_app, email, digest_enabled, digest_pattern, digest_period, time_zone, digest_last_at
       from notification_settings where user_id = $1 and company_id = $2`,
    [scope.userId, scope.companyId],
  );
  return present(rows[0] ?? DEFAULTS);
}

export async function updateSettings(scope: Scope, input: SettingsInput): Promise<Settings> {
  const errors: FieldErrors = {};
  const pattern = input.digest.pattern.trim() === '' ? '* * * * *' : input.digest.pattern.trim().split(/\s+/).join(' ');
  if (!isValidPattern(pattern)) errors['digest.pattern'] = ['invalid pattern' satisfies ScheduleError];
  if (!isTimeZone(input.digest.timeZone)) errors['digest.timeZone'] = [FIELD_TEXTS.timeZoneInvalid];
  if (Object.keys(errors).length) throw invalid(errors);
  const next = input.digest.enabled ? nextRunAfter(pattern, input.digest.timeZone) : null;
  await scope.db.query(
    `insert into notification_settings (user_id, company_id, in_app, email, digest_enabled, digest_pattern, digest_period, time_zone, digest_next_at, updated_at)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, now())
     on conflict (user_id) do update set in_app = excluded.in_app, email = excluded.email, digest_enabled = excluded.digest_enabled,
       digest_pattern = excluded.digest_pattern, digest_period = excluded.digest_period, time_zone = excluded.time_zone,
       digest_next_at = excluded.digest_next_at, updated_at = now()`,
    [
      scope.userId,
      scope.companyId,
      input.inApp,
      input.email,
      input.digest.enabled,
      pattern,
      input.digest.period,
      input.digest.timeZone,
      next,
    ],
  );
  return getSettings(scope);
}

export interface NewNotification {
  companyId: string;
  userId?: string;
  /** One of the kinds named in shared/notifications.ts, so the SPA has a sentence and a link for it. */
  kind: NotificationKind;
  level: Level;
  values?: Record<string, string | number>;
}

/**
 * Records a notification and pushes it over realtime to each user of the company who wants that category in the app.
 * The digest reads the same rows.
 */
export async function notify(ctx: AppContext, n: NewNotification): Promise<void> {
  const { db } = forJob(ctx, n.companyId);
  const { rows } = await db.query<{ id: number; created_at: Date }>(
    `insert into notifications (company_id, user_id, kind, level, values) values ($1, $2, $3, $4, $5) returning id, created_at`,
    [n.companyId, n.userId ?? null, n.kind, n.level, n.values ?? {}],
  );
  const row = rows[0]!;
  const category = categoryOf(n.kind, n.level);
  const recipients = await db.query<{ id: string }>(
    `select u.id from users u left join notification_settings s on s.user_id = u.id
      where u.company_id = $1 and ($2::uuid is null or u.id = $2)
        and ($3::text is null or coalesce((s.in_app ->> $3)::boolean, true))`,
    [n.companyId, n.userId ?? null, category],
  );
  const payload = {
    id: String(row.id),
    kind: n.kind,
    values: n.values ?? {},
    level: n.level,
    createdAt: row.created_at.toISOString(),
  };
  for (const r of recipients.rows) ctx.realtime.toUser(r.id, 'notification.created', payload);
}

/**
 * What the user switched off in the app on /account/notifications, as two query parameters: whether errors are hidden
 * (category `failures`) and which kinds are hidden at other levels. Both come from `categoryOf`, so the bell hides
 * exactly what the realtime push skips. Use with `SHOWN` (alias `n`, parameters $3 and $4).
 */
export async function mutedFor(scope: Scope): Promise<[boolean, string[]]> {
  const { inApp } = await getSettings(scope);
  const off = (category: Category | null) => category !== null && !inApp[category];
  const kinds = Object.keys(NOTIFICATION_KINDS).filter((kind) => off(categoryOf(kind, 'info')));
  return [off('failures'), kinds];
}

/** The notifications a user's muted categories leave in the bell (see mutedFor). */
export const SHOWN = `(case when n.level = 'error' then not $3::boolean else not (n.kind = any($4::text[])) end)`;

export async function listNotifications(scope: Scope, page: number, perPage: number) {
  const filter = `n.company_id = $1 and (n.user_id is null or n.user_id = $2) and ${SHOWN}`;
  const muted = await mutedFor(scope);
  const [list, count] = await Promise.all([
    scope.db.query(
      `select n.id::text, n.kind, n.level, n.values, to_json(n.created_at) #>> '{}' as "createdAt"
         from notifications n where ${filter} order by n.created_at desc, n.id desc limit $5 offset $6`,
      [scope.companyId, scope.userId, ...muted, perPage, (page - 1) * perPage],
    ),
    scope.db.query<{ total: number }>(`select count(*)::int as total from notifications n where ${filter}`, [
      scope.companyId,
      scope.userId,
      ...muted,
    ]),
  ]);
  return { rows: list.rows, total: count.rows[0]?.total ?? 0 };
}
