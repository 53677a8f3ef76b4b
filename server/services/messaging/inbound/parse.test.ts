import { describe, expect, it } from 'vitest';
import { dsnOutcome, parseInbound, reportFields } from './parse.ts';

const recipient = (status: string, action: string) => ({
  finalRecipient: 'a@example.org',
  action,
  status,
  diagnostic: null,
  remoteMta: null,
});

describe('report fields', () => {
  it('groups fields by blank lines and joins folded lines', () => {
    expect(
      reportFields(
        'Reporting-MTA: dns; mx.example\r\n\r\nFinal-Recipient: rfc822; a@b\r\nDiagnostic-Code: smtp; 550\r\n  user unknown\r\n',
      ),
    ).toEqual([
      { 'reporting-mta': 'dns; mx.example' },
      { 'final-recipient': 'rfc822; a@b', 'diagnostic-code': 'smtp; 550 user unknown' },
    ]);
  });
});

describe('DSN outcomes', () => {
  it('5.x.x is hard, 4.x.x soft, 2.x.x a delivery; the action decides when the status says nothing', () => {
    expect(dsnOutcome(recipient('5.1.1', 'failed'))).toBe('hard');
    expect(dsnOutcome(recipient('4.2.2', 'delayed'))).toBe('soft');
    expect(dsnOutcome(recipient('2.0.0', 'delivered'))).toBe('delivered');
    expect(dsnOutcome(recipient('', 'failed'))).toBe('hard');
    expect(dsnOutcome(recipient('', 'delayed'))).toBe('soft');
    expect(dsnOutcome(recipient('', 'relayed'))).toBe('delivered');
    expect(dsnOutcome(recipient('', 'expanded'))).toBeNull();
  });

  it('reads the status code out of a comment, and a report without its status part is a reply', async () => {
    const dsn = [
      'Content-Type: multipart/report; report-type=delivery-status; boundary=b',
      '',
      '--b',
      'Content-Type: text/plain',
      '',
      'Failed.',
      '--b',
      'Content-Type: message/delivery-status',
      '',
      'Reporting-MTA: dns; mx.example',
      '',
      'Final-Recipient: rfc822; <a@example.org>',
      'Action: failed',
      'Status: 5.0.0 (permanent failure)',
      '--b--',
      '',
    ].join('\r\n');
    expect(await parseInbound(dsn)).toEqual({
      kind: 'dsn',
      reportingMta: 'mx.example',
      recipients: [
        { finalRecipient: 'a@example.org', action: 'failed', status: '5.0.0', diagnostic: null, remoteMta: null },
      ],
    });
    const bare =
      'Content-Type: multipart/report; report-type=delivery-status; boundary=b\r\n\r\n--b\r\n\r\nHi\r\n--b--\r\n';
    expect(await parseInbound(bare)).toMatchObject({ kind: 'reply' });
  });
});
