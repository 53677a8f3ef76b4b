import type { components } from '../../../../shared/contract/schema.d.ts';

export type SegmentGroup = components['schemas']['SegmentGroup'];
export type SegmentCondition = components['schemas']['SegmentCondition'];
export type FieldCondition = components['schemas']['SegmentFieldCondition'];
export type AttributeCondition = components['schemas']['SegmentAttributeCondition'];
export type ListCondition = components['schemas']['SegmentListCondition'];
export type BlocklistCondition = components['schemas']['SegmentBlocklistCondition'];
export type SegmentOperator = components['schemas']['SegmentOperator'];
export type SegmentField = FieldCondition['field'];

export type ValueType = 'text' | 'number' | 'date' | 'boolean' | 'category';

/** The type each contact field compares as. */
export const FIELD_TYPES: Record<SegmentField, ValueType> = {
  email: 'text',
  firstName: 'text',
  lastName: 'text',
  phonePrefix: 'text',
  phoneNumber: 'text',
  country: 'text',
  language: 'text',
  address: 'text',
  createdAt: 'date',
};

/** Which operators each value type takes. */
export const OPERATORS: Record<ValueType, readonly SegmentOperator[]> = {
  text: ['equals', 'notEquals', 'contains', 'startsWith', 'in', 'isEmpty', 'isNotEmpty'],
  number: ['equals', 'notEquals', 'greaterThan', 'lessThan', 'between', 'isEmpty', 'isNotEmpty'],
  date: ['equals', 'before', 'after', 'between', 'isEmpty', 'isNotEmpty'],
  boolean: ['equals', 'isEmpty', 'isNotEmpty'],
  category: ['equals', 'notEquals', 'in', 'isEmpty', 'isNotEmpty'],
};

export const MAX_DEPTH = 5;
export const MAX_CONDITIONS = 200;
