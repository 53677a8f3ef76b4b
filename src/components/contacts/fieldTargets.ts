/** The contact fields an import column or a segment condition can target, in form order. */
export const CONTACT_FIELDS = [
  'email',
  'firstName',
  'lastName',
  'phonePrefix',
  'phoneNumber',
  'country',
  'language',
  'address',
] as const;
export type ContactField = (typeof CONTACT_FIELDS)[number];
