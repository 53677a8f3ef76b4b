import { describe, expect, it } from 'vitest';
import {
  parseInboundAddress,
  parseReplyAddress,
  parseVerp,
  providerTagHeaders,
  replyAddress,
  verifyTracking,
  verpAddress,
} from '../tokens.ts';

const secret = 'a'.repeat(40);
const ids = { companyId: '0b7e9a52-3c1d-4f7e-9a6b-2d4c8e1f0a3b', messageId: 7, recipientId: 9 };

describe('the reply address', () => {
  it('fits SMTP, reads back, and is no VERP address (nor the other way round)', () => {
    const reply = replyAddress(secret, ids, 'bounces.acme.example');
    expect(reply).toMatch(/^r-[A-Za-z0-9_-]+@bounces\.acme\.example$/);
    expect(reply.split('@')[0]!.length).toBeLessThanOrEqual(64);
    expect(parseReplyAddress(secret, reply)).toMatchObject({ kind: 'reply', ...ids });
    expect(parseInboundAddress(secret, reply)).toMatchObject({ kind: 'reply', ...ids });
    expect(parseVerp(secret, reply)).toBeNull();
    const verp = verpAddress(secret, ids, 'bounces.acme.example');
    expect(parseReplyAddress(secret, verp)).toBeNull();
    expect(parseInboundAddress(secret, verp)).toMatchObject({ kind: 'bounce', ...ids });
    // Signed with another key, or a character changed: refused.
    expect(parseReplyAddress('b'.repeat(40), reply)).toBeNull();
    expect(
      parseReplyAddress(
        secret,
        reply.replace(/^r-./, (m) => (m === 'r-A' ? 'r-B' : 'r-A')),
      ),
    ).toBeNull();
  });

  it("gives providers the recipient's bounce token in their documented headers", () => {
    const headers = providerTagHeaders(secret, ids);
    const sendgrid = JSON.parse(headers['X-SMTPAPI']).unique_args.missiva as string;
    const mailgun = JSON.parse(headers['X-Mailgun-Variables']).missiva as string;
    expect(sendgrid).toBe(mailgun);
    expect(verifyTracking(secret, sendgrid, 'bounce')).toMatchObject(ids);
  });
});
