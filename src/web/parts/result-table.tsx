/**
 * The rows of an answer as a table, with CSV, JSON and Excel downloads through the table's
 * export route (`null`: one this person may not use, so none). Every table of the web app (an
 * App tile, an Ask answer) has one, so none is saved as shown (spec 03 "Client behaviour with a
 * host"; README on Ask answers' export route).
 */
import { useState } from 'preact/hooks';
import { downloadExport, type ExportRoute } from './downloads.js';

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
  label,
  exportRoute,
}: {
  columns: string[];
  rows: Array<Record<string, unknown>>;
  /** What the table answers (a tile's title, a question): several tables on a page need different landmark names. */
  label?: string;
  exportRoute: ExportRoute | null;
}) {
  const shown = rows.slice(0, SHOWN);
  return (
    <section class="result" aria-label={label !== undefined ? `${label}: result table` : 'Result table'}>
      {exportRoute !== null ? <RouteDownloads route={exportRoute} /> : null}
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
