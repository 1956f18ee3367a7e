/**
 * Names DuckDB reads as files. A relation DuckDB does not find in its catalog goes to its
 * replacement scans, which see the name's parts joined by dots (`a.b.csv` is the path
 * `a.b.csv`, quoted or not) and read it as a file when it ends in a format's extension
 * (before a `.gz` or `.zst`, or followed by `?`), starts with a scheme (`s3://`, `md:`) or
 * holds a path separator or glob. Any other name (`"a.b.c"`, `"view.with-symbols"`, `"x ""."`)
 * is a table or nothing.
 */

/**
 * Formats with a replacement scan or an extension DuckDB autoloads by a file's ending (core:
 * csv, tsv and database files; EXTENSION_FILE_POSTFIXES: parquet, json, excel, avro, spatial),
 * and the common formats the spatial extension's GDAL reader and the arrow and sqlite readers
 * take, should one be loaded. A name ending otherwise (`s1.tbl`, `memory.main.t`) is a table.
 */
const FORMATS = [
  'csv',
  'tsv',
  'parquet',
  'json',
  'jsonl',
  'ndjson',
  'geojson',
  'geojsonl',
  'topojson',
  'shp',
  'dbf',
  'gpkg',
  'fgb',
  'kml',
  'kmz',
  'gml',
  'gpx',
  'dxf',
  'osm',
  'pbf',
  'gdb',
  'vrt',
  'xlsx',
  'xls',
  'ods',
  'avro',
  'arrow',
  'feather',
  'ipc',
  'orc',
  'db',
  'ddb',
  'duckdb',
  'sqlite',
  'sqlite3',
];
const FILE_ENDING = new RegExp(`\\.(?:${FORMATS.join('|')})(?:\\?|$)`);
/** Compression suffixes a reader strips before it looks at the format. */
const COMPRESSED = /\.(?:gz|gzip|zst|zstd|bz2|xz|lz4|snappy|br)$/;
/** A path separator, a scheme's colon or a glob: the name can only be a path. */
const PATH_CHARS = /[/\\:*?[\]{}~]/;

/** True when DuckDB may read the relation named by `parts` (as the engine reads them) as a file. */
export function readAsFile(parts: readonly string[]): boolean {
  const path = parts.join('.').toLowerCase();
  if (PATH_CHARS.test(path)) return true;
  return FILE_ENDING.test(path.replace(COMPRESSED, ''));
}
