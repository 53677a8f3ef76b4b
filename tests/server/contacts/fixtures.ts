import * as XLSX from '@e965/xlsx';
import { bearer, createTestEnv, createUser, login, type TestEnv } from '../helpers.ts';

export interface Caller {
  token: string;
  companyId: string;
  userId: string;
  call: (
    method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE',
    url: string,
    payload?: unknown,
  ) => Promise<{ status: number; body: any; headers: Record<string, unknown> }>;
}

/** Signs in a new owner of a new company and answers a small client for the contacts API. */
export async function signIn(env: TestEnv, company = 'Acme'): Promise<Caller> {
  const user = await createUser(env, company);
  const { token } = await login(env, user);
  return {
    token,
    companyId: user.companyId,
    userId: user.userId,
    async call(method, url, payload) {
      const res = await env.app.inject({
        method,
        url: `/api${url}`,
        headers: bearer(token),
        ...(payload === undefined ? {} : { payload: payload as object }),
      });
      const text = res.body;
      let body: unknown = text;
      if ((res.headers['content-type'] ?? '').toString().includes('json') && text) body = JSON.parse(text);
      return { status: res.statusCode, body, headers: res.headers };
    },
  };
}

/** A folder and a list in it, for the caller's company. */
export async function makeList(caller: Caller, name = 'Newsletter'): Promise<{ folderId: number; listId: number }> {
  const folder = await caller.call('POST', '/contact-folders', { name: `${name} folder` });
  const list = await caller.call('POST', '/contact-lists', { name, folderId: folder.body.id });
  if (list.status !== 201) throw new Error(`list: ${list.status} ${JSON.stringify(list.body)}`);
  return { folderId: folder.body.id, listId: list.body.id };
}

export async function makeContact(caller: Caller, input: Record<string, unknown>): Promise<any> {
  const res = await caller.call('POST', '/contacts', input);
  if (res.status !== 201) throw new Error(`contact: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
}

export async function setupTwoCompanies(): Promise<{ env: TestEnv; a: Caller; b: Caller }> {
  const env = await createTestEnv();
  const a = await signIn(env, 'Alpha');
  const b = await signIn(env, 'Beta');
  return { env, a, b };
}

/** A multipart/form-data body holding one file, as a browser sends it. */
export function multipart(fileName: string, content: Buffer | string, field = 'file') {
  const boundary = `----missiva${Math.random().toString(16).slice(2)}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${fileName}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return {
    payload: Buffer.concat([head, Buffer.isBuffer(content) ? content : Buffer.from(content), tail]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

export async function upload(env: TestEnv, caller: Caller, fileName: string, content: Buffer | string) {
  const body = multipart(fileName, content);
  const res = await env.app.inject({
    method: 'POST',
    url: '/api/contact-imports',
    headers: { ...bearer(caller.token), ...body.headers },
    payload: body.payload,
  });
  return { status: res.statusCode, body: res.json() };
}

/** A one-sheet workbook written by SheetJS, as Excel would save it. */
export function workbook(rows: unknown[][], bookType: 'xlsx' | 'xls'): Buffer {
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet(rows), 'Contacts');
  return XLSX.write(book, { type: 'buffer', bookType }) as Buffer;
}

/**
 * Runs `body` while another writer adds `email` to the same company just before the import's first write of it (a
 * trigger plays that writer), so the batch is written again through INSERT … ON CONFLICT. Answers how often the
 * trigger fired.
 */
export async function withRacingWriter(env: TestEnv, email: string, body: () => Promise<void>): Promise<number> {
  await env.pool.query(`create sequence race_once;
    create function race_writer() returns trigger language plpgsql as $$
    begin
      if nextval('race_once') = 1 then
        insert into contacts (company_id, email, first_name) values (new.company_id, new.email, 'Other writer');
      end if;
      return new;
    end $$;
    create trigger race_writer before insert on contacts for each row when (new.email = '${email}') execute function race_writer();`);
  try {
    await body();
    return Number((await env.pool.query(`select last_value from race_once`)).rows[0].last_value);
  } finally {
    await env.pool.query('drop trigger race_writer on contacts; drop function race_writer(); drop sequence race_once');
  }
}
