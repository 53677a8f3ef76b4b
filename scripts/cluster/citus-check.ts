// The path past one database, checked on our own schema: which tables Citus would distribute by company_id, which stay
// reference or coordinator-local tables (and why), every unique key and foreign key that breaks Citus's rules for
// them, and the SQL in server/ that joins two company tables without an equality on company_id.
//
//   tsx scripts/cluster/citus-check.ts            migrates a fresh Debian PostgreSQL (PG_BIN) and prints the report
//   DATABASE_URL=… tsx scripts/cluster/citus-check.ts   the same on a database (migrated first, which is idempotent)
//
// tests/server/citusCheck.test.ts runs the check on the suite's migrated database: a new table without company_id, or
// a new key without it, fails there until it is listed below with its reason. docs/operations.md is written from the
// report.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import type pg from 'pg';

/** How a table would live on Citus. */
export type Placement = 'distributed' | 'reference' | 'local';

/**
 * Tables that are not distributed, each with its placement and why: every table without company_id, and the few with
 * one that are read before the company is known. `reference`: small, replicated to every node, joined from
 * everywhere. `local`: kept on the coordinator (looked up by token or by user at sign-in, or system tables).
 */
export const NOT_DISTRIBUTED: Record<string, { placement: Exclude<Placement, 'distributed'>; why: string }> = {
  companies: { placement: 'reference', why: 'the tenants themselves; every company table refers to it' },
  users: {
    placement: 'reference',
    why: 'sign-in finds a user by email across companies (unique email); company tables refer to users by id',
  },
  sessions: { placement: 'local', why: 'read by session id on every request, before the company is known' },
  refresh_tokens: { placement: 'local', why: 'read by token hash before the company is known' },
  password_reset_tokens: { placement: 'local', why: 'read by token hash before the company is known' },
  two_factor: { placement: 'local', why: "a user's second factor, read at sign-in" },
  recovery_codes: { placement: 'local', why: "a user's recovery codes, read at sign-in" },
  notification_settings: { placement: 'local', why: "one row per user, read with the user's session and by digests" },
  guess_counters: { placement: 'local', why: 'guessing limits, counted before anyone is known' },
  rate_limit_hits: { placement: 'local', why: 'rate limits by address, counted before anyone is known' },
  job_worker_heartbeats: { placement: 'local', why: "the job workers' liveness, no tenant" },
  schema_migrations: { placement: 'local', why: 'the migrations applied' },
  socket_io_attachments: { placement: 'local', why: "the realtime adapter's large payloads, no tenant" },
};

/**
 * Unique keys and foreign keys on distributed tables that break the rule, known and accepted for now, each with what
 * changes when the install moves to Citus. Named by index or constraint name.
 */
export const KEY_EXCEPTIONS: Record<string, string> = {
  audit_log_pkey: 'the primary key becomes (company_id, id); entries are only ever read within their company',
  channels_pkey: 'the primary key becomes (company_id, id); channels are read within their company',
  notifications_pkey: "the primary key becomes (company_id, id); the API marks a user's own notifications read",
  outbox_pkey: 'the primary key becomes (company_id, id), and the mail job carries the company with the id',
  api_keys_prefix_key:
    'an API key is found by its prefix before the company is known: a coordinator table prefix → company, or the ' +
    'company in the key',
  assets_token_key: "a public asset link is found by token: the company goes into the link, like tracking tokens'",
  senders_verification_token_key:
    "a sender's verification link is found by token: the company goes into the link, or a coordinator lookup table",
  webhook_events_event_uid_key: 'unique per (company_id, event_uid) instead; event ids are random, so no clash',
  tracker_sites_site_key_key:
    'the public ingest finds a site by its key before the company is known: the company goes into the site key, like ' +
    "tracking tokens', or a coordinator table site key → company",
};

export interface KeyFinding {
  table: string;
  name: string;
  kind: 'unique' | 'foreign';
  definition: string;
  problem: string;
}

export interface SchemaReport {
  distributed: string[];
  reference: string[];
  local: { table: string; why: string }[];
  /** Tables without company_id that NOT_DISTRIBUTED does not place. */
  unplaced: string[];
  /** Keys that break the rule and are not in KEY_EXCEPTIONS. */
  keys: KeyFinding[];
  /** Keys that break the rule and are listed in KEY_EXCEPTIONS, with the note. */
  excepted: (KeyFinding & { note: string })[];
}

/** Reads the catalogue of a migrated database (schema public) and sorts its tables and keys by Citus's rules. */
export async function checkSchema(db: Pick<pg.Pool, 'query'>): Promise<SchemaReport> {
  const tables = await db.query<{ table: string; has_company: boolean }>(
    `select c.relname as table,
            exists (select 1 from pg_attribute a
                     where a.attrelid = c.oid and a.attname = 'company_id' and not a.attisdropped) as has_company
       from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where n.nspname = 'public' and c.relkind in ('r', 'p') and not c.relispartition
      order by c.relname`,
  );
  const placement = new Map<string, Placement>();
  const report: SchemaReport = { distributed: [], reference: [], local: [], unplaced: [], keys: [], excepted: [] };
  for (const { table, has_company } of tables.rows) {
    if (has_company && !NOT_DISTRIBUTED[table]) {
      placement.set(table, 'distributed');
      report.distributed.push(table);
      continue;
    }
    const known = NOT_DISTRIBUTED[table];
    if (!known) {
      report.unplaced.push(table);
      placement.set(table, 'local');
    } else if (known.placement === 'reference') {
      placement.set(table, 'reference');
      report.reference.push(table);
    } else {
      placement.set(table, 'local');
      report.local.push({ table, why: known.why });
    }
  }

  const findings: KeyFinding[] = [];
  // Unique indexes (primary keys and unique constraints among them) on distributed tables must hold company_id.
  const uniques = await db.query<{ table: string; name: string; columns: string[]; definition: string }>(
    `select t.relname as table, i.relname as name, pg_get_indexdef(x.indexrelid) as definition,
            array(select a.attname from unnest(x.indkey) with ordinality k(num, pos) join pg_attribute a
                    on a.attrelid = t.oid and a.attnum = k.num order by k.pos)::text[] as columns
       from pg_index x join pg_class i on i.oid = x.indexrelid join pg_class t on t.oid = x.indrelid
       join pg_namespace n on n.oid = t.relnamespace
      where n.nspname = 'public' and x.indisunique order by t.relname, i.relname`,
  );
  for (const u of uniques.rows) {
    if (placement.get(u.table) !== 'distributed' || u.columns.includes('company_id')) continue;
    findings.push({
      table: u.table,
      name: u.name,
      kind: 'unique',
      definition: u.definition,
      problem: 'unique without company_id (Citus enforces uniqueness only with the distribution column)',
    });
  }
  // Foreign keys: distributed → distributed on company_id too, distributed → reference, local → local or reference.
  const foreign = await db.query<{
    table: string;
    name: string;
    target: string;
    columns: string[];
    target_columns: string[];
    definition: string;
  }>(
    `select t.relname as table, c.conname as name, f.relname as target, pg_get_constraintdef(c.oid) as definition,
            array(select a.attname from unnest(c.conkey) with ordinality k(num, pos) join pg_attribute a
                    on a.attrelid = c.conrelid and a.attnum = k.num order by k.pos)::text[] as columns,
            array(select a.attname from unnest(c.confkey) with ordinality k(num, pos) join pg_attribute a
                    on a.attrelid = c.confrelid and a.attnum = k.num order by k.pos)::text[] as target_columns
       from pg_constraint c join pg_class t on t.oid = c.conrelid join pg_class f on f.oid = c.confrelid
       join pg_namespace n on n.oid = t.relnamespace
      where n.nspname = 'public' and c.contype = 'f' order by t.relname, c.conname`,
  );
  for (const k of foreign.rows) {
    const from = placement.get(k.table);
    const to = placement.get(k.target);
    let problem: string | undefined;
    if (from === 'distributed' && to === 'distributed') {
      const i = k.columns.indexOf('company_id');
      if (i < 0 || k.target_columns[i] !== 'company_id') problem = 'between company tables without company_id';
    } else if (from === 'distributed' && to === 'local') {
      problem = `from a company table to ${k.target}, which stays on the coordinator`;
    } else if (from !== 'distributed' && to === 'distributed') {
      problem = `from ${from} table to a company table`;
    } else if (from === 'reference' && to === 'local') {
      problem = `from a reference table to ${k.target}, which stays on the coordinator`;
    }
    if (problem) findings.push({ table: k.table, name: k.name, kind: 'foreign', definition: k.definition, problem });
  }
  for (const f of findings) {
    const note = KEY_EXCEPTIONS[f.name];
    if (note) report.excepted.push({ ...f, note });
    else report.keys.push(f);
  }
  return report;
}

export interface JoinFinding {
  file: string;
  line: number;
  /** The two company tables joined, as `table alias`. */
  left: string;
  right: string;
  condition: string;
}

const KEYWORDS = new Set(
  (
    'on using where join left right inner outer full cross lateral group order limit offset having window union ' +
    'returning set values select as natural for from with and or not'
  ).split(' '),
);
const CLAUSE_END =
  /\b(?:left|right|inner|full|cross|natural)?\s*(?:outer\s+)?join\b|\bwhere\b|\bgroup\s+by\b|\border\s+by\b|\blimit\b|\bunion\b|\breturning\b|\bwindow\b|\bhaving\b|\)/i;

/**
 * Joins in one SQL text between two company tables whose ON clause has no equality between their company_ids, and
 * that the statement does not bind both to the same value (`a.company_id = $1 … b.company_id = $1`) either: on Citus
 * such a join spans shards. Heuristic: it reads `from|join table [alias]` and `on …` up to the next clause.
 */
export function joinsWithoutCompany(
  sql: string,
  distributed: Set<string>,
): { left: string; right: string; condition: string; offset: number }[] {
  const aliases = new Map<string, string>();
  const found: { left: string; right: string; condition: string; offset: number }[] = [];
  const source = /\b(from|join)\s+(?:only\s+)?([a-z_][a-z0-9_]*)(?:\s+(?:as\s+)?([a-z_][a-z0-9_]*))?/gi;
  const order: { alias: string; table: string; kind: string; index: number; end: number }[] = [];
  for (let m = source.exec(sql); m; m = source.exec(sql)) {
    const table = m[2]!.toLowerCase();
    const alias = m[3] && !KEYWORDS.has(m[3].toLowerCase()) ? m[3].toLowerCase() : table;
    aliases.set(alias, table);
    order.push({ alias, table, kind: m[1]!.toLowerCase(), index: m.index, end: m.index + m[0].length });
  }
  const normalised = sql.replace(/\s+/g, ' ').toLowerCase();
  const boundTo = (alias: string) => {
    const values = new Set<string>();
    const re = new RegExp(`\\b${alias}\\.company_id\\s*=\\s*(\\$\\d+|[a-z_]+\\.company_id)`, 'g');
    for (let m = re.exec(normalised); m; m = re.exec(normalised)) values.add(m[1]!);
    const back = new RegExp(`(\\$\\d+)\\s*=\\s*${alias}\\.company_id\\b`, 'g');
    for (let m = back.exec(normalised); m; m = back.exec(normalised)) values.add(m[1]!);
    return values;
  };
  for (const join of order.filter((o) => o.kind === 'join')) {
    if (!distributed.has(join.table)) continue;
    const rest = sql.slice(join.end);
    const on = /^\s*(on|using)\b/i.exec(rest);
    if (!on) continue;
    const after = rest.slice(on[0].length);
    const end = CLAUSE_END.exec(after);
    const condition = (end ? after.slice(0, end.index) : after).replace(/\s+/g, ' ').trim().toLowerCase();
    if (on[1]!.toLowerCase() === 'using') {
      if (/\bcompany_id\b/.test(condition)) continue;
    }
    // The other side: company tables named in the condition.
    const others = [...condition.matchAll(/\b([a-z_][a-z0-9_]*)\.[a-z_]+/g)]
      .map((m) => m[1]!)
      .filter((a) => a !== join.alias && distributed.has(aliases.get(a) ?? ''));
    for (const other of new Set(others)) {
      const pair = new RegExp(
        `\\b${join.alias}\\.company_id\\s*=\\s*${other}\\.company_id\\b|\\b${other}\\.company_id\\s*=\\s*${join.alias}\\.company_id\\b`,
      );
      if (pair.test(condition)) continue;
      const mine = boundTo(join.alias);
      const theirs = boundTo(other);
      if ([...mine].some((v) => theirs.has(v) || v === `${other}.company_id`)) continue;
      if ([...theirs].some((v) => v === `${join.alias}.company_id`)) continue;
      found.push({
        left: `${aliases.get(other)} ${other}`,
        right: `${join.table} ${join.alias}`,
        condition,
        offset: join.index,
      });
    }
  }
  return found;
}

/** Every SQL text in the TypeScript files under `dir` (template and quoted literals that read like SQL). */
export function scanSources(dir: string, distributed: Set<string>, root = dir): JoinFinding[] {
  const findings: JoinFinding[] = [];
  for (const name of readdirSync(dir)) {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) {
      findings.push(...scanSources(full, distributed, root));
      continue;
    }
    if (!name.endsWith('.ts') || name.endsWith('.test.ts')) continue;
    const text = readFileSync(full, 'utf8');
    const literal = /`([^`]*)`|'((?:[^'\\\n]|\\.)*)'/g;
    for (let m = literal.exec(text); m; m = literal.exec(text)) {
      const sql = m[1] ?? m[2] ?? '';
      if (!/\bjoin\b/i.test(sql) || !/\b(select|update|delete|insert)\b/i.test(sql)) continue;
      for (const f of joinsWithoutCompany(sql, distributed)) {
        const line = text.slice(0, m.index + 1 + f.offset).split('\n').length;
        findings.push({ file: path.relative(path.dirname(root), full), line, ...f });
      }
    }
  }
  return findings;
}

/** The report as Markdown, for docs/operations.md. */
export function formatReport(schema: SchemaReport, joins: JoinFinding[]): string {
  const lines = [
    `Distributed by company_id (${schema.distributed.length}): ${schema.distributed.map((t) => `\`${t}\``).join(', ')}`,
    '',
    `Reference tables (${schema.reference.length}): ${schema.reference.map((t) => `\`${t}\``).join(', ')}`,
    '',
    `Kept on the coordinator (${schema.local.length}):`,
    ...schema.local.map((l) => `- \`${l.table}\`: ${l.why}`),
    '',
    `Tables without company_id and without a placement: ${schema.unplaced.join(', ') || 'none'}`,
    '',
    `Keys that break the rule (${schema.keys.length}):`,
    ...schema.keys.map((k) => `- \`${k.table}\` ${k.kind} \`${k.name}\` (${k.definition}): ${k.problem}`),
    '',
    `Accepted exceptions (${schema.excepted.length}):`,
    ...schema.excepted.map((k) => `- \`${k.table}\` ${k.kind} \`${k.name}\`: ${k.problem}; ${k.note}`),
    '',
    `Joins between company tables without company_id on both sides (${joins.length}):`,
    ...joins.map((j) => `- ${j.file}:${j.line}: \`${j.left}\` ⋈ \`${j.right}\` on \`${j.condition}\``),
  ];
  return lines.join('\n');
}

async function main() {
  const { createPool } = await import('../../server/db/pool.ts');
  const { migrate } = await import('../../server/db/migrate.ts');
  const { startPostgres } = await import('./cluster.ts');
  const fresh = process.env.DATABASE_URL ? undefined : startPostgres(path.resolve('.tmp/citus-check'), 5730);
  const pool = createPool(process.env.DATABASE_URL ?? fresh!.databaseUrl, 2, { system: true });
  try {
    await migrate(pool);
    const schema = await checkSchema(pool);
    const joins = scanSources(path.resolve(import.meta.dirname, '..', '..', 'server'), new Set(schema.distributed));
    console.log(formatReport(schema, joins));
  } finally {
    await pool.end();
    fresh?.stop('fast');
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename)) {
  main().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}
