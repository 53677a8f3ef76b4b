import type { IntlShape } from 'react-intl';

const UNITS = [
  { unit: 'gigabyte', bytes: 1024 ** 3 },
  { unit: 'megabyte', bytes: 1024 ** 2 },
  { unit: 'kilobyte', bytes: 1024 },
] as const;

/** A file size in the user's locale ("50 MB", "1,5 MB"), in the binary units the server's limits are counted in. */
export function formatFileSize(intl: IntlShape, bytes: number): string {
  const step = UNITS.find((u) => bytes >= u.bytes);
  const [value, unit] = step ? [bytes / step.bytes, step.unit] : [bytes, 'byte'];
  return intl.formatNumber(value, { style: 'unit', unit, unitDisplay: 'short', maximumFractionDigits: 1 });
}
