import type { TestEnv } from '../helpers.ts';

/** Rows of the other messaging areas (senders, domains, templates, assets) written directly, as those areas would. */
export async function makeSender(
  env: TestEnv,
  companyId: string,
  input: { address?: string; verified?: boolean; domainId?: number | null; channel?: string } = {},
): Promise<number> {
  const { rows } = await env.pool.query<{ id: string }>(
    `insert into senders (company_id, channel, name, address, verified_at, domain_id)
     values ($1, $2, 'News', $3, case when $4 then now() end, $5) returning id`,
    [
      companyId,
      input.channel ?? 'email',
      input.address ?? `news${Math.random().toString(16).slice(2, 8)}@acme.test`,
      input.verified ?? true,
      input.domainId ?? null,
    ],
  );
  return Number(rows[0]!.id);
}

export async function makeDomain(env: TestEnv, companyId: string, domain: string, dns: unknown): Promise<number> {
  const { rows } = await env.pool.query<{ id: string }>(
    `insert into sending_domains (company_id, domain, dkim_selector, dkim_private_key, dkim_public_key,
       return_path_host, dns_records) values ($1, $2, 'mv1', 'k', 'k', $3, $4) returning id`,
    [companyId, domain, `bounces.${domain}`, JSON.stringify(dns)],
  );
  return Number(rows[0]!.id);
}

export async function makeTemplate(
  env: TestEnv,
  companyId: string,
  input: { html: string; subject?: string; channel?: string },
): Promise<number> {
  const { rows } = await env.pool.query<{ id: string }>(
    `insert into templates (company_id, channel, name, subject, design, source, html, text_body)
     values ($1, $2, 'Spring', $3, '{"pages": []}', '<mjml></mjml>', $4, 'text part') returning id`,
    [companyId, input.channel ?? 'email', input.subject ?? null, input.html],
  );
  return Number(rows[0]!.id);
}

export async function makeAsset(env: TestEnv, companyId: string, token: string, size: number): Promise<void> {
  await env.pool.query(
    `insert into assets (company_id, token, filename, content_type, size, data)
     values ($1, $2, 'big.png', 'image/png', $3, '\\x00')`,
    [companyId, token, size],
  );
}

export async function setStatus(env: TestEnv, companyId: string, messageId: number, status: string) {
  await env.pool.query('update messages set status = $3 where company_id = $1 and id = $2', [
    companyId,
    messageId,
    status,
  ]);
}
