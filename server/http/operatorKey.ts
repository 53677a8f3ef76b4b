import { createHash, timingSafeEqual } from 'node:crypto';
import { BILLING_TEXTS } from '../../shared/billing.ts';
import type { Config } from '../config.ts';
import { HttpError, notFound } from './errors.ts';

/** Compares in constant time (over digests, so the lengths leak nothing either). */
function sameKey(given: string, expected: string): boolean {
  const a = createHash('sha256').update(given).digest();
  const b = createHash('sha256').update(expected).digest();
  return timingSafeEqual(a, b);
}

/**
 * The operator API's security scheme (`operatorKey` in the contract): 404 when the installation has no OPERATOR_KEY
 * (the API does not exist there), 401 unless `X-Operator-Key` matches it. The key is never logged. It sets no member
 * on the request, so the permission check's `operator` rule refuses any member's token or key.
 */
export function checkOperatorKey(config: Pick<Config, 'operatorKey'>, given: unknown): void {
  const key = config.operatorKey;
  if (!key) throw notFound();
  if (typeof given !== 'string' || !sameKey(given, key))
    throw new HttpError(401, 'operator_key_invalid', BILLING_TEXTS.operatorKeyInvalid);
}
