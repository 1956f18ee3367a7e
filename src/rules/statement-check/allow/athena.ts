/**
 * Athena (engine version 3): Trino's list, adjusted. Athena's function reference points at
 * Trino's (https://docs.aws.amazon.com/athena/latest/ug/functions.html), and engine version 3
 * "supports all the features of previous engine versions"
 * (https://docs.aws.amazon.com/athena/latest/ug/engine-versions-reference-0003.html).
 *
 * Left out, and why (beyond what Trino's list leaves out):
 * - `objectid`, `objectid_timestamp`, `timestamp_objectid` (MongoDB connector) and
 *   `theta_sketch_cardinality`, `theta_sketch_union` (Hive connector): Athena runs no Trino
 *   connectors ("Neither Trino nor Presto connectors are supported",
 *   https://docs.aws.amazon.com/athena/latest/ug/other-notable-limitations.html).
 * - Functions declared with `USING EXTERNAL FUNCTION ... LAMBDA` (Athena UDFs run in AWS Lambda,
 *   https://docs.aws.amazon.com/athena/latest/ug/querying-udf.html) and `... SAGEMAKER` (ML
 *   inference on a SageMaker endpoint, https://docs.aws.amazon.com/athena/latest/ug/querying-mlmodel.html):
 *   they call outside services and carry user-chosen names, so none is listed.
 * - Federated pass-through `system.query` (the text runs as a query in the connected source):
 *   not a table function a read may use.
 * - Pseudo-columns `"$path"`, `"$file_size"`, `"$file_modified_time"` name S3 objects; they are
 *   columns, not names this list holds (the families decide them).
 */

import { sortedUnique } from './build.js';
import { TRINO_ALLOW } from './trino.js';
import type { AllowList } from './types.js';

// https://docs.aws.amazon.com/athena/latest/ug/other-notable-limitations.html: Trino connector functions Athena does not have.
const CONNECTOR_FUNCTIONS = ['objectid', 'objectid_timestamp', 'theta_sketch_cardinality', 'theta_sketch_union', 'timestamp_objectid'];

// https://docs.aws.amazon.com/athena/latest/ug/geospatial-functions-list-v2-function-name-changes-and-new-functions.html:
// the legacy Hive geometry conversions Athena added in engine version 2.
const LEGACY_GEOSPATIAL = ['st_geomaslegacybinary', 'st_geomfromlegacybinary'];

const removed = new Set(CONNECTOR_FUNCTIONS);

export const ATHENA_ALLOW: AllowList = {
  functions: sortedUnique(
    TRINO_ALLOW.functions.filter((name) => !removed.has(name)),
    LEGACY_GEOSPATIAL,
  ),
  tableFunctions: TRINO_ALLOW.tableFunctions,
  relations: TRINO_ALLOW.relations,
};
