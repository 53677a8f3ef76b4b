/**
 * A connector over any source that answers rows in pages of its own (the REST source, the providers' APIs): rows are
 * handed over in pages of at most USERFLOW_LIMITS.pageRows, up to `limit` and at most maxScoringRows; the columns
 * are the fields seen in the first rows, in the order they first appear.
 */
import { USERFLOW_LIMITS } from '../../../../shared/userflow.ts';
import { ConnectorError, type Connector, type ReadOptions, type SourceRow } from './types.ts';

export interface PagedSource {
  /**
   * The source's own pages, in order; `signal` aborts between requests. `wanted` is how many rows the reader takes at
   * most, so a source that can ask for fewer (GA4's `limit`) does not fetch a full page for a connection test.
   */
  pages(signal: AbortSignal | undefined, wanted: number): AsyncGenerator<SourceRow[]>;
  /** Columns named by the source itself (a report's dimensions and metrics); otherwise the fields of the first rows. */
  columns?(): Promise<string[]>;
  close(): Promise<void>;
}

export function pagedConnector(source: PagedSource): Connector {
  let firstRows: SourceRow[] | null = null;
  const rows = async function* (options: ReadOptions = {}): AsyncGenerator<SourceRow[]> {
    const limit = Math.min(options.limit ?? Infinity, USERFLOW_LIMITS.maxScoringRows);
    let count = 0;
    for await (const page of source.pages(options.signal, limit)) {
      if (options.signal?.aborted) throw new ConnectorError('peer_timeout');
      for (let i = 0; i < page.length && count < limit; i += USERFLOW_LIMITS.pageRows) {
        const part = page.slice(i, Math.min(i + USERFLOW_LIMITS.pageRows, i + limit - count));
        count += part.length;
        yield part;
      }
      if (count >= limit) return;
    }
  };
  const sample = async () => {
    if (firstRows) return firstRows;
    const found: SourceRow[] = [];
    for await (const page of rows({ limit: Math.min(USERFLOW_LIMITS.sampleRows, USERFLOW_LIMITS.pageRows) })) {
      found.push(...page);
    }
    firstRows = found;
    return found;
  };
  return {
    async test() {
      for await (const page of rows({ limit: 1 })) void page;
    },
    async columns() {
      if (source.columns) return source.columns();
      const names = new Set<string>();
      for (const row of await sample()) for (const name of Object.keys(row)) names.add(name);
      return [...names].slice(0, USERFLOW_LIMITS.maxColumns);
    },
    rows,
    close: () => source.close(),
  };
}
