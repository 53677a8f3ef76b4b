import { fromPromise } from 'xstate';
import { api } from '../../api/appClient.ts';
import { readPagination, unwrap } from '../../api/client.ts';
import { AUDIT_PAGE_SIZE, EXPORT_PAGE_SIZE, auditCsv, auditQuery } from './auditLog.query.ts';
import type { AuditEntry, AuditFilters, AuditPage } from './auditLog.types.ts';

async function readPage(filters: AuditFilters, page: number, perPage: number) {
  const result = await api.GET('/audit-log', { params: { query: { ...auditQuery(filters), page, perPage } } });
  return { entries: unwrap(result), pagination: readPagination(result.response) };
}

export const loadAuditPage = fromPromise<AuditPage, { filters: AuditFilters; page: number }>(async ({ input }) => {
  const [page, members] = await Promise.all([
    readPage(input.filters, input.page, AUDIT_PAGE_SIZE),
    api.GET('/team/members'),
  ]);
  return { ...page, members: unwrap(members) };
});

/** Every entry the filters select, page by page, saved by the browser as a CSV file. */
export const exportAuditLog = fromPromise<void, { filters: AuditFilters }>(async ({ input }) => {
  const entries: AuditEntry[] = [];
  for (let page = 1; ; page += 1) {
    const read = await readPage(input.filters, page, EXPORT_PAGE_SIZE);
    entries.push(...read.entries);
    if (!read.pagination || page >= read.pagination.pages || read.entries.length === 0) break;
  }
  const url = URL.createObjectURL(new Blob([auditCsv(entries)], { type: 'text/csv;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = `audit-log-${new Date().toISOString().slice(0, 10)}.csv`;
  link.click();
  setTimeout(() => URL.revokeObjectURL(url), 1_000);
});
