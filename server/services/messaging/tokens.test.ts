import { describe, expect, it } from 'vitest';
import { parseVerp, signTracking, verifyTracking, verpAddress } from './tokens.ts';

const secret = 'a'.repeat(40);
const target = {
  kind: 'click' as const,
  companyId: '0b7c3e52-8d1f-4f3a-9e21-6c0d5a4b3f21',
  messageId: 42,
  recipientId: 9_000_000_001,
  linkIdx: 3,
};

describe('tracking tokens', () => {
  it('round-trips and stays compact', () => {
    const token = signTracking(secret, target);
    expect(token.length).toBeLessThanOrEqual(64);
    expect(verifyTracking(secret, token, 'click')).toEqual(target);
    const wide = signTracking(secret, { ...target, linkIdx: 4000 });
    expect(verifyTracking(secret, wide)).toEqual({ ...target, linkIdx: 4000 });
  });

  it('refuses a tampered token, another kind, another key', () => {
    const token = signTracking(secret, target);
    const flipped = token.slice(0, 10) + (token[10] === 'A' ? 'B' : 'A') + token.slice(11);
    expect(verifyTracking(secret, flipped)).toBeNull();
    expect(verifyTracking(secret, token, 'open')).toBeNull();
    expect(verifyTracking('b'.repeat(40), token)).toBeNull();
    expect(verifyTracking(secret, token.slice(0, -2))).toBeNull();
    expect(verifyTracking(secret, 'not a token')).toBeNull();
  });

  it('builds a VERP address within 64 characters before the @ and reads it back', () => {
    const address = verpAddress(
      secret,
      { companyId: target.companyId, messageId: 7, recipientId: 9 },
      'bounce.example.com',
    );
    expect(address.split('@')[0]!.length).toBeLessThanOrEqual(64);
    expect(parseVerp(secret, address)).toMatchObject({ kind: 'bounce', messageId: 7, recipientId: 9 });
    expect(parseVerp(secret, 'someone@example.com')).toBeNull();
  });
});
