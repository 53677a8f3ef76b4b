import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  countsAsEngagement,
  isAppleNetwork,
  isMachineClick,
  isMachineOpen,
  isScannerBurst,
  isWithinTrackingWindow,
  SCANNER_BURST_MS,
  SCANNER_CLICK_AFTER_SEND_MS,
  TRACKING_WINDOW_MS,
} from './tracking.ts';

const BROWSER = 'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5) AppleWebKit/605.1.15 (KHTML, like Gecko)';
const at = (ms: number) => new Date(Date.UTC(2026, 0, 1) + ms);

describe('machine opens', () => {
  it("recognises Apple's privacy proxy by its bare user agent or Apple's network", () => {
    expect(isMachineOpen({ userAgent: 'Mozilla/5.0', ip: '203.0.113.9' })).toBe(true);
    expect(isMachineOpen({ userAgent: BROWSER, ip: '17.58.100.2' })).toBe(true);
    expect(isMachineOpen({ userAgent: BROWSER, ip: '::ffff:17.1.2.3' })).toBe(true);
    expect(isMachineOpen({ userAgent: BROWSER, ip: '203.0.113.9' })).toBe(false);
    expect(isMachineOpen({ userAgent: BROWSER, ip: '18.0.0.1' })).toBe(false);
    expect(isMachineOpen({ userAgent: undefined, ip: '2001:db8::1' })).toBe(false);
  });

  it('recognises scanners by user agent', () => {
    expect(isMachineOpen({ userAgent: 'Mozilla/5.0 (compatible; Barracuda Sentinel)', ip: '203.0.113.9' })).toBe(true);
    expect(isMachineOpen({ userAgent: 'python-requests/2.32', ip: '203.0.113.9' })).toBe(true);
  });

  it("places exactly 17.0.0.0/8 in Apple's network", () => {
    fc.assert(
      fc.property(fc.ipV4(), (ip) => {
        expect(isAppleNetwork(ip)).toBe(ip.split('.')[0] === '17');
      }),
    );
    expect(isAppleNetwork('17.256.0.1')).toBe(false);
    expect(isAppleNetwork('not an address')).toBe(false);
  });
});

describe('machine clicks', () => {
  it('marks clicks within seconds of the send and scanner user agents', () => {
    const fetch = { userAgent: BROWSER, ip: '203.0.113.9' };
    expect(isMachineClick(fetch, at(0), at(SCANNER_CLICK_AFTER_SEND_MS - 1))).toBe(true);
    expect(isMachineClick(fetch, at(0), at(SCANNER_CLICK_AFTER_SEND_MS))).toBe(false);
    expect(isMachineClick(fetch, null, at(0))).toBe(false);
    expect(isMachineClick({ ...fetch, userAgent: 'Proofpoint URL Defense' }, at(0), at(3_600_000))).toBe(true);
  });

  it('finds a burst only when every link is clicked within the span', () => {
    const clicks = [0, 1, 2].map((linkIdx) => ({ at: at(linkIdx * 1_000), linkIdx }));
    expect(isScannerBurst(clicks, 3)).toBe(true);
    expect(isScannerBurst(clicks.slice(0, 2), 3)).toBe(false);
    expect(isScannerBurst([clicks[0]!, { at: at(SCANNER_BURST_MS + 1), linkIdx: 1 }], 2)).toBe(false);
    expect(isScannerBurst([clicks[0]!, { at: at(500), linkIdx: 0 }], 2)).toBe(false);
    // A message with one link: a single click is never a burst.
    expect(isScannerBurst([clicks[0]!], 1)).toBe(false);
  });
});

describe('the tracking window', () => {
  it('counts human events within 24 hours of the send only', () => {
    expect(isWithinTrackingWindow(at(0), at(TRACKING_WINDOW_MS))).toBe(true);
    expect(isWithinTrackingWindow(at(0), at(TRACKING_WINDOW_MS + 1))).toBe(false);
    expect(countsAsEngagement({ machine: false, sentAt: at(0), at: at(60_000) })).toBe(true);
    expect(countsAsEngagement({ machine: true, sentAt: at(0), at: at(60_000) })).toBe(false);
    expect(countsAsEngagement({ machine: false, sentAt: at(0), at: at(TRACKING_WINDOW_MS + 1) })).toBe(false);
  });
});
