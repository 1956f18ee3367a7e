/**
 * The names an owner's description gives coded values ("SHF Sheffield", "the Glasgow clinic
 * (GLA)") are values too, spelled as the code the data holds; and a question naming one binds it,
 * where the word alone left the block answering for its default.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { labelledValues } from '../../src/ask/value-labels.js';
import { compileProject } from '../../src/compiler/pipeline/compile-project.js';
import type { CompiledBlock, Manifest } from '../../src/compiler/types.js';
import { dataAwareRouter } from '../../src/runtime/agent-runs/data-values.js';
import { createExecutor } from '../../src/warehouse/executor.js';
import { cleanupProjects, copyFixture } from '../helpers/project.js';

const described = (description: string): CompiledBlock => ({ description, outputs: [], params: [], columns: {} }) as unknown as CompiledBlock;
const PLANTS = new Map([['plant_code', ['LIV', 'SHF', 'TEL']]]);

const SPECIALTIES = new Map([['specialty_code', ['100', '110', '120']]]);
const SITES = new Map([['site_code', ['CBH', 'WGH']]]);

describe('labels of number codes, their initials and the leading words of a label', () => {
  it.each<[string, string, ReadonlyMap<string, readonly string[]>, Array<[string, string]>]>([
    [
      'number codes with names and initials',
      'one specialty (specialty_code: 100 General Surgery, 110 Trauma and Orthopaedics (T&O), 120 Ear, Nose and Throat (ENT))',
      SPECIALTIES,
      [
        ['General Surgery', '100'],
        ['General', '100'],
        ['Trauma and Orthopaedics', '110'],
        ['Trauma', '110'],
        ['T&O', '110'],
        ['Ear, Nose and Throat', '120'],
        ['Ear', '120'],
        ['ENT', '120'],
      ],
    ],
    [
      'a leading run of words two labels share names neither',
      'site_code: WGH Wrenfield General Hospital, CBH Wrenfield Castlebrook Hospital',
      SITES,
      [
        ['Wrenfield General Hospital', 'WGH'],
        ['Wrenfield General', 'WGH'],
        ['Wrenfield Castlebrook Hospital', 'CBH'],
        ['Wrenfield Castlebrook', 'CBH'],
        // Trailing runs of two words or more name their code too.
        ['General Hospital', 'WGH'],
        ['Castlebrook Hospital', 'CBH'],
      ],
    ],
    [
      'a brand before the name, and a short name in brackets after any value',
      'product_code: RES Residential Mortgage, CCD Harrowgate Credit Card; fraud_type: authorised_push_payment (APP scams), account_takeover',
      new Map([
        ['product_code', ['CCD', 'RES']],
        ['fraud_type', ['account_takeover', 'authorised_push_payment']],
      ]),
      [
        ['Residential Mortgage', 'RES'],
        ['Residential', 'RES'],
        ['Harrowgate Credit Card', 'CCD'],
        ['Harrowgate', 'CCD'],
        ['Harrowgate Credit', 'CCD'],
        ['Credit Card', 'CCD'],
        ['APP scams', 'authorised_push_payment'],
      ],
    ],
  ])('%s', (_, description, known, labels) => {
    const got = labelledValues([described(description)], known).map(([, label, code]) => [label, code]);
    expect(got.sort()).toEqual([...labels].sort());
  });
});

describe('labels a description gives coded values', () => {
  it.each<[string, string, Array<[string, string]>]>([
    [
      'after the code',
      'one plant (plant_code: SHF Sheffield, TEL Telford or LIV Livingston)',
      [
        ['Sheffield', 'SHF'],
        ['Telford', 'TEL'],
        ['Livingston', 'LIV'],
      ],
    ],
    [
      'before the code, in brackets',
      'the Sheffield works (SHF) and the Telford plant (TEL)',
      [
        ['Sheffield', 'SHF'],
        ['Telford', 'TEL'],
      ],
    ],
    [
      'with a sign between',
      'SHF = Sheffield; TEL: Telford; LIV - Livingston',
      [
        ['Sheffield', 'SHF'],
        ['Telford', 'TEL'],
        ['Livingston', 'LIV'],
      ],
    ],
    [
      'a name of two words, and its first word',
      'LIV Livingston West, SHF Sheffield',
      [
        ['Livingston West', 'LIV'],
        ['Livingston', 'LIV'],
        ['Sheffield', 'SHF'],
      ],
    ],
    [
      'a name joined by & or and',
      'SHF Sheffield & Rotherham, TEL Telford and Wrekin',
      [
        ['Sheffield & Rotherham', 'SHF'],
        ['Sheffield', 'SHF'],
        ['Telford and Wrekin', 'TEL'],
        ['Telford', 'TEL'],
      ],
    ],
    [
      'a name with a comma in it, cut where the next code starts',
      'one plant (plant_code: SHF Sheffield, Rotherham and Doncaster, TEL Telford)',
      [
        ['Sheffield, Rotherham and Doncaster', 'SHF'],
        ['Sheffield', 'SHF'],
        ['Telford', 'TEL'],
      ],
    ],
    [
      'lower-case labels, each with a remark in brackets',
      'for one plant: SHF sheffield (the old works), TEL telford (since 2024), or LIV livingston.',
      [
        ['sheffield', 'SHF'],
        ['telford', 'TEL'],
      ],
    ],
    ['a list of codes names nothing', 'plants SHF, TEL and LIV', []],
    ['a lower-case word is no name', 'SHF plant and TEL plant', []],
    ['a code inside a word is no code', 'XSHF Sheffield', []],
  ])('%s', (_, description, labels) => {
    const got = labelledValues([described(description)], PLANTS).map(([, label, code]) => [label, code]);
    expect(got.sort()).toEqual([...labels].sort());
  });

  it('a name given to two codes of one field names neither', () => {
    const got = labelledValues([described('SHF Sheffield'), described('TEL Sheffield, LIV Livingston')], PLANTS);
    expect(got.map(([, l, c]) => `${l}=${c}`)).toEqual(['Livingston=LIV']);
  });

  it('a field with fewer than two codes, or values that are no codes, gives no labels', () => {
    expect(labelledValues([described('SHF Sheffield')], new Map([['plant_code', ['SHF']]]))).toEqual([]);
    expect(labelledValues([described('web Online')], new Map([['channel', ['web', 'store']]]))).toEqual([]);
  });
});

describe('a question naming a labelled value', () => {
  let router: Awaited<ReturnType<typeof dataAwareRouter>>['router'];
  afterAll(() => cleanupProjects());

  it.each<[string, Record<string, string>]>([
    ['Which raw materials ran out at Livingston in 2025?', { plant_code: 'LIV', start_date: '2025-01-01', end_date: '2025-12-31' }],
    ['Stock-outs by material at Sheffield', { plant_code: 'SHF' }],
    ['stop reasons for Telford', { plant_code: 'TEL' }],
  ])('%s binds the code', async (question, params) => {
    if (router === undefined) {
      const root = copyFixture('factory', { withData: true });
      const compiled = compileProject({ project: root, cache: false });
      const executor = createExecutor({ root, config: compiled.config });
      try {
        router = (await dataAwareRouter(JSON.parse(compiled.text ?? '{}') as Manifest, compiled.config, executor)).router;
      } finally {
        await executor.close();
      }
    }
    const d = router.route(question, { now: '2026-11-26T09:00:00Z' });
    expect(d.kind).toBe('answer');
    expect(d.kind === 'answer' ? d.params : {}).toMatchObject(params);
  });
});

describe('an example naming a value its parameter does not take', () => {
  afterAll(() => cleanupProjects());

  it.each<[string, string, Record<string, string> | null]>([
    // The example's own value is bound from the owner's label, never left at the default.
    ['Restoration times by cause in Northumbria', 'network.restoration_by_cause', { region_code: 'NTH' }],
    ['restoration times by cause in Mersey & Cheshire since 1 August 2026', 'network.restoration_by_cause', { region_code: 'MER', start_date: '2026-08-01' }],
    ['restoration times by cause in Solway', 'network.restoration_by_cause', { region_code: 'SOL' }],
  ])('%s', async (question, block, params) => {
    const root = copyFixture('utility', { withData: true });
    const compiled = compileProject({ project: root, cache: false });
    const executor = createExecutor({ root, config: compiled.config });
    try {
      const { router } = await dataAwareRouter(JSON.parse(compiled.text ?? '{}') as Manifest, compiled.config, executor);
      expect(router.route(question, { now: '2026-11-26T09:00:00Z' })).toMatchObject({ kind: 'answer', block, params });
    } finally {
      await executor.close();
    }
  });
});
