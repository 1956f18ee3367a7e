/**
 * The rows of an answer as a table, with downloads: CSV, JSON and Excel through the table's
 * export route where it has one (`null`: it has one this person may not use, so none); else,
 * without a host, CSV and JSON of exactly what is shown, and with a host none (spec 03 "Client
 * behaviour with a host").
 */
import { useState } from 'preact/hooks';
import { hosted } from '../client/host.js';
import { download, downloadExport, type ExportRoute, toCsv } from './downloads.js';

const SHOWN = 200;

function cell(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') return value.toLocaleString('en-US', { maximumFractionDigits: 4 });
  return typeof value === 'object' ? JSON.stringify(value) : String(value);
}

const FORMATS = [
  ['csv', 'Download CSV'],
  ['json', 'Download JSON'],
  ['xlsx', 'Download Excel'],
] as const;

/** The three downloads through the table's export route, and the server's words when one fails. */
function RouteDownloads({ route }: { route: ExportRoute }) {
  const [failure, setFailure] = useState<string | undefined>();
  const run = (format: 'csv' | 'json' | 'xlsx') => void downloadExport(route, format).then(setFailure);
  return (
    <div class="downloads">
      {FORMATS.map(([format, label]) => (
        <button type="button" onClick={() => run(format)}>
          {label}
        </button>
      ))}
      {failure !== undefined ? (
        <p class="error" role="alert">
          {failure}
        </p>
      ) : null}
    </div>
  );
}

export function ResultTable({
  columns,
  rows,
  name,
  label,
  exportRoute,
}: {
  columns: string[];
  rows: Array<Record<string, unknown>>;
  name: string;
  /** What the table answers (a tile's title, a question): several tables on a page need different landmark names. */
  label?: string;
  exportRoute?: ExportRoute | null;
}) {
  const shown = rows.slice(0, SHOWN);
  return (
    <section class="result" aria-label={label !== undefined ? `${label}: result table` : 'Result table'}>
      {/* With a host, downloads go through the export routes; a table without one offers none. */}
      {exportRoute !== undefined ? (
        exportRoute !== null ? (
          <RouteDownloads route={exportRoute} />
        ) : null
      ) : hosted ? null : (
        <div class="downloads">
          <button type="button" onClick={() => download(`${name}.csv`, 'text/csv', toCsv(columns, shown))}>
            Download CSV
          </button>
          <button type="button" onClick={() => download(`${name}.json`, 'application/json', JSON.stringify(shown, null, 2))}>
            Download JSON
          </button>
        </div>
      )}
      {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling table must take focus so a keyboard can scroll it */}
      <section class="table-wrap" tabIndex={0} aria-label={label !== undefined ? `${label}: rows` : 'Rows'}>
        <table>
          <thead>
            <tr>
              {columns.map((c) => (
                <th scope="col">{c}</th>
              ))}
            </tr>
          </thead>
          <tbody>
            {shown.map((r) => (
              <tr>
                {columns.map((c) => (
                  <td class={typeof r[c] === 'number' ? 'num' : ''}>{cell(r[c])}</td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </section>
      {rows.length > shown.length ? <p class="note">{rows.length - shown.length} more rows are not shown.</p> : null}
    </section>
  );
}
