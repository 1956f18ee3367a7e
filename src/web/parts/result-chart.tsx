/**
 * A chart of an answer's rows with Observable Plot: the block's `visualization` when it names a
 * chart and fields (`chart = "bar"` or `"line"`, with `x` and `y`; `"table"` and `"kpi"` draw
 * none), else a bar of the first text column by the first numeric one, or a line when that
 * column reads as dates. No chart when the rows have no such pair.
 */
import { useEffect, useRef } from 'preact/hooks';
import type { BlockDetail } from '../../server/contract/blocks.js';

/** A block's `visualization` section as written: an open record, read here for `chart` (or `type`), `x` and `y`. */
export type Visualization = NonNullable<BlockDetail['visualization']>;

const textOf = (v: unknown): string | undefined => (typeof v === 'string' ? v : undefined);

const isDate = (v: unknown) => typeof v === 'string' && /^\d{4}-\d{2}(-\d{2})?/.test(v);

/** The chart to draw, or undefined. */
export function chartOf(
  columns: string[],
  rows: Array<Record<string, unknown>>,
  vis?: Visualization,
): { type: 'bar' | 'line'; x: string; y: string } | undefined {
  const first = rows[0];
  const named = textOf(vis?.['chart']) ?? textOf(vis?.['type']);
  if (first === undefined || named === 'table' || named === 'kpi') return undefined;
  const numeric = columns.filter((c) => typeof first[c] === 'number');
  const [wantX, wantY] = [textOf(vis?.['x']), textOf(vis?.['y'])];
  const x = wantX !== undefined && columns.includes(wantX) ? wantX : columns.find((c) => typeof first[c] === 'string');
  const y = wantY !== undefined && columns.includes(wantY) ? wantY : numeric.find((c) => c !== x);
  if (x === undefined || y === undefined) return undefined;
  const type = named === 'line' || named === 'area' ? 'line' : named === 'bar' ? 'bar' : isDate(first[x]) ? 'line' : 'bar';
  return { type, x, y };
}

const CHART_HEIGHT = 320;

type Chart = NonNullable<ReturnType<typeof chartOf>>;

/** The chart as one named image, as wide as its box allows. */
function drawChart(Plot: typeof import('./plot-marks.js'), host: HTMLElement, chart: Chart, rows: Array<Record<string, unknown>>, label: string): Element {
  const data = rows.slice(0, 500);
  const marks =
    chart.type === 'line'
      ? [Plot.lineY(data, { x: (d: Record<string, unknown>) => new Date(String(d[chart.x])), y: chart.y, stroke: '#0b5cad' }), Plot.ruleY([0])]
      : [Plot.barY(data, { x: chart.x, y: chart.y, sort: { x: '-y' }, fill: '#0b5cad' }), Plot.ruleY([0])];
  const figure = Plot.plot({
    marks,
    marginLeft: 60,
    width: Math.min(760, host.clientWidth || 760),
    // The height the figure reserves before Plot has loaded (styles.css), so drawing moves nothing.
    height: CHART_HEIGHT,
    ariaLabel: label,
    x: { label: chart.x },
    y: { label: chart.y, grid: true },
  });
  // The chart is one image named by its caption; the rows are read from the table. Plot names
  // its mark groups, which are no landmarks or images, so those names are taken off.
  for (const named of figure.querySelectorAll('g[aria-label]')) named.removeAttribute('aria-label');
  figure.setAttribute('role', 'img');
  figure.setAttribute('aria-label', `${label}: chart of ${chart.y} by ${chart.x}`);
  return figure;
}

export function ResultChart({
  columns,
  rows,
  visualization,
  label,
}: {
  columns: string[];
  rows: Array<Record<string, unknown>>;
  visualization?: Visualization;
  label: string;
}) {
  const ref = useRef<HTMLDivElement>(null);
  const chart = chartOf(columns, rows, visualization);
  useEffect(() => {
    const host = ref.current;
    if (host === null || chart === undefined) return;
    // Plot is loaded with the first chart, not with the app: a screen without one never fetches it.
    let gone = false;
    let figure: Element | undefined;
    void import('./plot-marks.js').then((Plot) => {
      if (gone) return;
      figure = drawChart(Plot, host, chart, rows, label);
      host.replaceChildren(figure);
    });
    return () => {
      gone = true;
      figure?.remove();
    };
  }, [columns.join('\u0000'), rows, chart?.type, chart?.x, chart?.y]);
  if (chart === undefined) return null;
  return (
    <figure class="chart" data-chart={chart.type}>
      <div ref={ref} />
      <figcaption>
        {label}: {chart.y} by {chart.x}
      </figcaption>
    </figure>
  );
}
