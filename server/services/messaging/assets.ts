import { randomBytes } from 'node:crypto';
import { ASSET_CONTENT_TYPES, TEMPLATE_TEXTS, type AssetContentType } from '../../../shared/templates.ts';
import { invalid, notFound } from '../../http/errors.ts';
import type { AppContext } from '../../context.ts';
import { iso } from '../contacts/sql.ts';
import type { Scope } from '../scope.ts';
import { imageSize } from './imageSize.ts';

export interface Asset {
  id: number;
  filename: string;
  contentType: AssetContentType;
  size: number;
  width: number | null;
  height: number | null;
  url: string;
  createdAt: string;
}

/** The public path of an asset: a random token, so URLs cannot be enumerated or guessed from an id. */
export const assetPath = (token: string) => `/api/public/assets/${token}`;

const SELECT = `select a.id, a.filename, a.content_type as "contentType", a.size, a.width, a.height, a.token,
  ${iso('a.created_at')} as "createdAt" from assets a`;

function toAsset(scope: Scope, row: Omit<Asset, 'url'> & { token: string }): Asset {
  const { token, ...rest } = row;
  return { ...rest, url: `${scope.config.publicUrl}${assetPath(token)}` };
}

export async function listAssets(scope: Scope, page: number, perPage: number) {
  const { rows } = await scope.db.query<Omit<Asset, 'url'> & { token: string; total: number }>(
    `${SELECT.replace(' from assets a', ', count(*) over ()::int as total from assets a')} where a.company_id = $1
      order by a.created_at desc, a.id desc limit $2 offset $3`,
    [scope.companyId, perPage, (page - 1) * perPage],
  );
  let total = rows[0]?.total ?? 0;
  if (!rows.length && page > 1) {
    const count = await scope.db.query<{ n: number }>('select count(*)::int as n from assets where company_id = $1', [
      scope.companyId,
    ]);
    total = count.rows[0]!.n;
  }
  return { rows: rows.map(({ total: _, ...row }) => toAsset(scope, row)), total };
}

const isAssetType = (mime: string | undefined): mime is AssetContentType =>
  (ASSET_CONTENT_TYPES as readonly string[]).includes(mime ?? '');

/**
 * Stores an uploaded image. Its type is read from its bytes (a renamed PDF is refused whatever it claims), its pixel
 * size from its header; the size cap is enforced while the upload streams (see the route).
 */
export async function createAsset(scope: Scope, filename: string, data: Buffer): Promise<Asset> {
  if (!data.length) throw invalid({ file: [TEMPLATE_TEXTS.assetMissing] });
  const { fileTypeFromBuffer } = await import('file-type');
  const detected = await fileTypeFromBuffer(data);
  if (!isAssetType(detected?.mime)) throw invalid({ file: [TEMPLATE_TEXTS.assetType] });
  const dimensions = imageSize(data, detected.mime);
  const token = randomBytes(24).toString('base64url');
  const { rows } = await scope.db.query<Omit<Asset, 'url'> & { token: string }>(
    `insert into assets (company_id, token, filename, content_type, size, width, height, data, created_by)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9)
     returning id, filename, content_type as "contentType", size, width, height, token,
       ${iso('created_at')} as "createdAt"`,
    [
      scope.companyId,
      token,
      filename.slice(0, 255) || 'image',
      detected.mime,
      data.length,
      dimensions?.width ?? null,
      dimensions?.height ?? null,
      data,
      scope.userId,
    ],
  );
  return toAsset(scope, rows[0]!);
}

export async function deleteAsset(scope: Scope, id: number): Promise<void> {
  const { rowCount } = await scope.db.query('delete from assets where company_id = $1 and id = $2', [
    scope.companyId,
    id,
  ]);
  if (!rowCount) throw notFound();
}

/**
 * An asset by its public token, for anyone holding the link (emails, the web version, the editor). The token is the
 * only key: the lookup runs as the system, across companies, and answers the bytes and their type.
 */
export async function publicAsset(ctx: Pick<AppContext, 'pool'>, token: string) {
  const { rows } = await ctx.pool.query<{ contentType: string; data: Buffer }>(
    'select content_type as "contentType", data from assets where token = $1',
    [token],
  );
  if (!rows[0]) throw notFound();
  return rows[0];
}
