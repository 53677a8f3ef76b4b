import { CONTACT_TEXT_FIELDS } from '../../../shared/fieldRules.ts';
/** The contact fields an import column or a segment condition can target, in form order. */
export const CONTACT_FIELDS = CONTACT_TEXT_FIELDS;
export type ContactField = (typeof CONTACT_FIELDS)[number];
