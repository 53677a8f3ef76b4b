import Papa from 'papaparse';
import { fromPromise } from 'xstate';
import { api } from '../../api/appClient.ts';
import { readPagination, unwrap } from '../../api/client.ts';
import type { Channel } from '../../../shared/messaging.ts';
import { monthStart, spendingByDay } from './billing.spending.ts';
import type { LedgerEntry, LedgerFilter, LedgerPage, LoadOutcome, SaveThresholdOutcome } from './billing.types.ts';

/** The billing machine's only calls to the API. A 422 on the threshold comes back as an outcome. */

/** Rows per ledger page on the screen, and per request when the chart or the export reads many. */
export const LEDGER_PER_PAGE = 25;
const BULK_PER_PAGE = 500;
/** The export and the month's chart read at most this many pages of the largest size (a runaway guard). */
const MAX_BULK_PAGES = 200;

async function ledgerPage(query: { page: number; perPage: number; channel?: Channel }): Promise<LedgerPage> {
  const result = await api.GET('/billing/ledger', { params: { query } });
  const entries = unwrap(result);
  const pagination = readPagination(result.response);
  return { entries, pages: pagination?.pages ?? 1, total: pagination?.total ?? entries.length };
}

/** Newest first, page after page, until `enough` says the last page read reaches far enough back. */
async function readLedger(channel: Channel | null, enough: (page: LedgerEntry[]) => boolean): Promise<LedgerEntry[]> {
  const all: LedgerEntry[] = [];
  for (let page = 1; page <= MAX_BULK_PAGES; page++) {
    const read = await ledgerPage({ page, perPage: BULK_PER_PAGE, ...(channel ? { channel } : {}) });
    all.push(...read.entries);
    if (page >= read.pages || enough(read.entries)) break;
  }
  return all;
}

export const loadLedger = fromPromise<LedgerPage, LedgerFilter>(async ({ input }) =>
  ledgerPage({ page: input.page, perPage: LEDGER_PER_PAGE, ...(input.channel ? { channel: input.channel } : {}) }),
);

/** The overview; when billing is on, also the first ledger page and this month's debits per day for the chart. */
export const loadBilling = fromPromise<LoadOutcome, LedgerFilter>(async ({ input }) => {
  const overview = unwrap(await api.GET('/billing/overview'));
  if (!overview.enabled) return { kind: 'disabled' };
  const now = new Date();
  const start = monthStart(now);
  const [ledger, month] = await Promise.all([
    ledgerPage({ page: input.page, perPage: LEDGER_PER_PAGE, ...(input.channel ? { channel: input.channel } : {}) }),
    readLedger(null, (page) => page.some((e) => new Date(e.createdAt) < start)),
  ]);
  return { kind: 'enabled', overview, ledger, spending: spendingByDay(month, now) };
});

export const saveThreshold = fromPromise<SaveThresholdOutcome, { channel: Channel; threshold: number }>(
  async ({ input }) => {
    const result = await api.PUT('/billing/channels/{channel}/threshold', {
      params: { path: { channel: input.channel } },
      body: { threshold: input.threshold },
    });
    if (result.response.status === 422) return { kind: 'rejected' };
    return { kind: 'saved', balance: unwrap(result) };
  },
);

/** The ledger's columns in the CSV, in order. */
export const LEDGER_CSV_FIELDS = ['createdAt', 'channel', 'kind', 'amount', 'balanceAfter', 'messageId', 'reason'];

/** Every ledger entry of the filter's channel as a CSV file the browser downloads; answers the number of rows. */
export const exportLedger = fromPromise<number, { channel: Channel | null }>(async ({ input }) => {
  const entries = await readLedger(input.channel, () => false);
  const csv = Papa.unparse(
    { fields: LEDGER_CSV_FIELDS, data: entries.map((e) => LEDGER_CSV_FIELDS.map((f) => e[f as keyof LedgerEntry])) },
    // A reason starting with = + - @ is not run as a formula by a spreadsheet.
    { escapeFormulae: true },
  );
  const url = URL.createObjectURL(new Blob([csv], { type: 'text/csv;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = `credit-ledger${input.channel ? `-${input.channel}` : ''}.csv`;
  document.body.append(link);
  link.click();
  link.remove();
  // The browser reads the file after this task: the URL is released a little later.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
  return entries.length;
});
