import type { Scope } from '../scope.ts';
import { invalid, notFound, type FieldErrors } from '../../http/errors.ts';
import { iso, uniqueViolation, type Db } from './sql.ts';
import type { AttributeDef, AttributeType } from './values.ts';
import { FIELD_TEXTS } from '../../../shared/fieldTexts.ts';

const CREATE_FAILED = 'Error creating this attribute.';
const NAME_TAKEN = 'An attribute with this name already exists';

export interface AttributeRow extends AttributeDef {
  createdAt: string;
  updatedAt: string;
}

const COLUMNS = `id, name, type, options, ${iso('created_at')} as "createdAt", ${iso('updated_at')} as "updatedAt"`;

/** The company's attribute definitions by id, for typing values and compiling conditions. */
export async function attributeDefs(db: Db, companyId: string): Promise<Map<number, AttributeDef>> {
  const { rows } = await db.query<AttributeDef>(
    'select id, name, type, options from contact_attributes where company_id = $1',
    [companyId],
  );
  return new Map(rows.map((r) => [r.id, r]));
}

export async function listAttributes(scope: Scope): Promise<AttributeRow[]> {
  const { rows } = await scope.db.query<AttributeRow>(
    `select ${COLUMNS} from contact_attributes where company_id = $1 order by lower(name), id`,
    [scope.companyId],
  );
  return rows;
}

function checkOptions(type: AttributeType, options: string[] | undefined, errors: FieldErrors): string[] {
  if (type !== 'category') {
    if (options?.length) errors.options = ['Only a category has options'];
    return [];
  }
  const cleaned = (options ?? []).map((o) => o.trim());
  if (!cleaned.length || cleaned.some((o) => !o)) errors.options = [FIELD_TEXTS.optionRequired];
  else if (new Set(cleaned.map((o) => o.toLowerCase())).size !== cleaned.length)
    errors.options = ['Options must be different'];
  return cleaned;
}

export async function createAttribute(
  scope: Scope,
  input: { name: string; type: AttributeType; options?: string[] },
): Promise<AttributeRow> {
  const errors: FieldErrors = {};
  const name = input.name.trim();
  if (!name) errors.name = [FIELD_TEXTS.nameRequired];
  const options = checkOptions(input.type, input.options, errors);
  if (Object.keys(errors).length) throw invalid(errors, CREATE_FAILED);
  try {
    const { rows } = await scope.db.query<AttributeRow>(
      `insert into contact_attributes (company_id, name, type, options) values ($1, $2, $3, $4) returning ${COLUMNS}`,
      [scope.companyId, name, input.type, JSON.stringify(options)],
    );
    return rows[0]!;
  } catch (error) {
    if (uniqueViolation(error)) throw invalid({ name: [NAME_TAKEN] }, CREATE_FAILED);
    throw error;
  }
}

async function getAttribute(db: Db, companyId: string, id: number): Promise<AttributeRow> {
  const { rows } = await db.query<AttributeRow>(
    `select ${COLUMNS} from contact_attributes where company_id = $1 and id = $2`,
    [companyId, id],
  );
  if (!rows[0]) throw notFound();
  return rows[0];
}

/** Renames keep every value (values are stored by attribute id); a category may gain, lose or reorder options. */
export async function updateAttribute(
  scope: Scope,
  id: number,
  patch: { name?: string; options?: string[] },
): Promise<AttributeRow> {
  const current = await getAttribute(scope.db, scope.companyId, id);
  const errors: FieldErrors = {};
  const name = patch.name === undefined ? current.name : patch.name.trim();
  if (!name) errors.name = [FIELD_TEXTS.nameRequired];
  const options = patch.options === undefined ? current.options : checkOptions(current.type, patch.options, errors);
  if (Object.keys(errors).length) throw invalid(errors);
  try {
    const { rows } = await scope.db.query<AttributeRow>(
      `update contact_attributes set name = $3, options = $4, updated_at = now() where company_id = $1 and id = $2 returning ${COLUMNS}`,
      [scope.companyId, id, name, JSON.stringify(options)],
    );
    if (!rows[0]) throw notFound();
    return rows[0];
  } catch (error) {
    if (uniqueViolation(error)) throw invalid({ name: [NAME_TAKEN] });
    throw error;
  }
}

/** Deletes the definition and strips its values from every contact of the company. */
export async function deleteAttribute(scope: Scope, id: number): Promise<void> {
  await scope.db.transaction(async (db) => {
    const { rowCount } = await db.query('delete from contact_attributes where company_id = $1 and id = $2', [
      scope.companyId,
      id,
    ]);
    if (!rowCount) throw notFound();
    await db.query(
      `update contacts set attributes = attributes - $2::text where company_id = $1 and attributes ? $2::text`,
      [scope.companyId, String(id)],
    );
  });
}
