import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ASSET_MAX_BYTES, TEMPLATE_TEXTS } from '../../../shared/templates.ts';
import { bearer, type TestEnv } from '../helpers.ts';
import { multipart, setupTwoCompanies, type Caller } from '../contacts/fixtures.ts';
import { gif, jpeg, png, webp } from './images.ts';

let env: TestEnv;
let a: Caller;

beforeAll(async () => {
  ({ env, a } = await setupTwoCompanies());
});
afterAll(() => env.close());

async function upload(name: string, content: Buffer | string, field = 'file') {
  const body = multipart(name, content, field);
  const res = await env.app.inject({
    method: 'POST',
    url: '/api/assets',
    headers: { ...bearer(a.token), ...body.headers },
    payload: body.payload,
  });
  return { status: res.statusCode, body: res.json() };
}

const tokenOf = (url: string) => url.split('/').pop()!;

describe('asset library', () => {
  it.each([
    ['logo.png', png(40, 30), 'image/png'],
    ['photo.jpg', jpeg(640, 480), 'image/jpeg'],
    ['anim.gif', gif(16, 9), 'image/gif'],
    ['pic.webp', webp(300, 200), 'image/webp'],
  ])('keeps %s as %s with its pixel size', async (name, data, type) => {
    const res = await upload(name, data);
    expect(res.status).toBe(201);
    const [width, height] = { 'logo.png': [40, 30], 'photo.jpg': [640, 480], 'anim.gif': [16, 9] }[name] ?? [300, 200];
    expect(res.body).toMatchObject({ filename: name, contentType: type, size: data.length, width, height });
    expect(res.body.url).toMatch(/^http.*\/api\/public\/assets\/[A-Za-z0-9_-]{32}$/);
  });

  it('recognises the type by content, whatever the name says', async () => {
    const named = await upload('really-a-png.gif', png(2, 2));
    expect(named.body.contentType).toBe('image/png');
    const pdf = await upload('invoice.png', '%PDF-1.7\n1 0 obj\n<<>>\nendobj\n');
    expect(pdf.status).toBe(422);
    expect(pdf.body.errors).toEqual({ file: [TEMPLATE_TEXTS.assetType] });
    const svg = await upload('icon.png', '<svg xmlns="http://www.w3.org/2000/svg"></svg>');
    expect(svg.status).toBe(422);
    const empty = await upload('empty.png', Buffer.alloc(0));
    expect(empty.status).toBe(422);
    expect(empty.body.errors).toEqual({ file: [TEMPLATE_TEXTS.assetMissing] });
    const wrongField = await upload('logo.png', png(2, 2), 'image');
    expect(wrongField.status).toBe(422);
  });

  it('refuses an image over the size cap with 413, and stores nothing', async () => {
    const before = (await a.call('GET', '/assets')).headers.pagination as string;
    const big = Buffer.concat([png(2, 2), Buffer.alloc(ASSET_MAX_BYTES)]);
    const res = await upload('huge.png', big);
    expect(res.status).toBe(413);
    expect(res.body.message).toBe(TEMPLATE_TEXTS.assetTooLarge);
    expect((await a.call('GET', '/assets')).headers.pagination).toBe(before);
    // Exactly at the cap is accepted.
    const atCap = Buffer.concat([png(2, 2), Buffer.alloc(ASSET_MAX_BYTES - png(2, 2).length)]);
    expect((await upload('cap.png', atCap)).status).toBe(201);
  });

  it('serves an image publicly at its token with long caching, and 404 for any other token', async () => {
    const image = png(5, 5);
    const { body } = await upload('public.png', image);
    const res = await env.app.inject({ method: 'GET', url: `/api/public/assets/${tokenOf(body.url)}` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/png');
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.rawPayload.equals(image)).toBe(true);
    const wrong = await env.app.inject({ method: 'GET', url: '/api/public/assets/not-a-token-of-ours' });
    expect(wrong.statusCode).toBe(404);
    const tampered = tokenOf(body.url).slice(0, -1) + (tokenOf(body.url).endsWith('A') ? 'B' : 'A');
    expect((await env.app.inject({ method: 'GET', url: `/api/public/assets/${tampered}` })).statusCode).toBe(404);
  });

  it('lists newest first with pagination, and deletes (the public URL then answers 404)', async () => {
    const first = await upload('one.png', png(1, 1));
    const second = await upload('two.png', png(1, 1));
    const page = await a.call('GET', '/assets?perPage=2');
    expect(page.body.map((x: { id: number }) => x.id)).toEqual([second.body.id, first.body.id]);
    const info = JSON.parse(page.headers.pagination as string);
    expect(info.perPage).toBe(2);
    expect(info.total).toBeGreaterThanOrEqual(2);
    expect((await a.call('DELETE', `/assets/${second.body.id}`)).status).toBe(204);
    expect((await a.call('DELETE', `/assets/${second.body.id}`)).status).toBe(404);
    const gone = await env.app.inject({ method: 'GET', url: `/api/public/assets/${tokenOf(second.body.url)}` });
    expect(gone.statusCode).toBe(404);
  });

  it('refuses a body that is not multipart with 415', async () => {
    const res = await a.call('POST', '/assets', { file: 'x' });
    expect(res.status).toBe(415);
  });
});
