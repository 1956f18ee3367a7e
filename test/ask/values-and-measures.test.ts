/**
 * Values read as the data spells them, and words that are values elsewhere but this block's
 * declared measure: "Vaccinations by vaccine for dogs" binds species = dog (the example's plural
 * in the data's singular), and "rabbit vaccinations" asks for the block's vaccinations (its
 * `doses` column's synonym), not for rows of the appointment type "vaccination" it cannot filter on.
 */
import { describe, expect, it } from 'vitest';
import { createTier1Router } from '../../src/ask/index.js';
import type { CompiledBlock, Manifest } from '../../src/compiler/types.js';
import { certifyInPlace, NOW, useCommerceRouter, withBlocks } from './commerce-manifest.js';

/** A breakdown by vaccine for one species, and the data's values of species and appointment type. */
function vaccinations(base: Manifest): { manifest: Manifest; values: Map<string, string[]> } {
  const manifest = withBlocks(base, (blocks) => {
    const b = structuredClone(blocks['catalog.category_sales'] as CompiledBlock);
    Object.assign(b, {
      id: 'clinical.vaccinations_by_vaccine',
      domain: 'clinical',
      name: 'vaccinations_by_vaccine',
      description: 'Vaccine doses given per vaccine for one species since a date, most doses first.',
      examples: [{ question: 'Vaccinations by vaccine for dogs' }],
      outputs: ['vaccine', 'doses', 'pets_vaccinated'],
      columns: { doses: { synonyms: ['vaccinations', 'jabs'], additive: true } },
      visualization: { chart: 'bar', x: 'vaccine', y: 'doses' },
      params: [
        { name: 'species', type: 'string', default: 'dog', required: false },
        { name: 'since', type: 'date', default: '2026-01-01', required: false },
      ],
      paramsUsed: ['species', 'since'],
      query:
        'SELECT vaccine, COUNT(*) AS doses, COUNT(DISTINCT pet_id) AS pets_vaccinated FROM vaccinations WHERE species = ${species} AND given_on >= ${since} GROUP BY vaccine ORDER BY doses DESC',
    });
    certifyInPlace(b);
    blocks[b.id] = b;
    // Its column's synonym holds the word only qualified: "overdue vaccinations" are not vaccinations.
    const o = structuredClone(b);
    Object.assign(o, {
      id: 'clinical.overdue_boosters_by_clinic',
      name: 'overdue_boosters_by_clinic',
      description: 'Pets overdue for a booster per clinic.',
      examples: [{ question: 'Which clinics have the most overdue boosters?' }],
      outputs: ['clinic_code', 'overdue'],
      columns: { overdue: { synonyms: ['overdue vaccinations', 'lapsed boosters'], additive: true } },
      visualization: { chart: 'bar', x: 'clinic_code', y: 'overdue' },
      params: [],
      paramsUsed: [],
      query: 'SELECT clinic_code, COUNT(*) AS overdue FROM boosters WHERE due_on < CURRENT_DATE GROUP BY clinic_code ORDER BY overdue DESC',
    });
    certifyInPlace(o);
    blocks[o.id] = o;
  });
  const values = new Map([
    ['species', ['cat', 'dog', 'rabbit']],
    ['appointment_type', ['consultation', 'surgery', 'vaccination']],
  ]);
  return { manifest, values };
}

describe('values and measures', () => {
  const commerce = useCommerceRouter();
  const route = (q: string) => {
    const { manifest, values } = vaccinations(commerce.manifest);
    return createTier1Router(manifest, { values }).route(q, { now: NOW });
  };

  it.each<[string, Record<string, string>]>([
    ['Vaccinations by vaccine for dogs', { species: 'dog' }],
    ['vaccinations by vaccine for cats', { species: 'cat' }],
    ['rabbit vaccinations', { species: 'rabbit' }],
    ['rabbit vaccinations by vaccine', { species: 'rabbit' }],
  ])('%s', (q, params) => {
    expect(route(q)).toMatchObject({ kind: 'answer', block: 'clinical.vaccinations_by_vaccine', params });
  });

  it('reads a word as a measure only where it is a whole declared name, not part of one', () => {
    const d = route('vaccinations by clinic');
    expect(d.kind === 'answer' ? d.block : undefined).not.toBe('clinical.overdue_boosters_by_clinic');
    expect(route('overdue vaccinations by clinic')).toMatchObject({ kind: 'answer', block: 'clinical.overdue_boosters_by_clinic' });
  });

  it('still reads the word as a value where no block declares it a measure', () => {
    const d = route('consultation appointments by clinic');
    expect(d.kind === 'answer' ? d.block : undefined).not.toBe('clinical.vaccinations_by_vaccine');
  });
});

describe('the contract entity before a measure', () => {
  // "claims" is also a call queue in the data; right before a measure of a block whose contract is
  // about claims it says whose measure it is, and asks for no rows of a queue.
  const commerce = useCommerceRouter();
  function settlement(base: Manifest): Manifest {
    return withBlocks(base, (blocks) => {
      const b = structuredClone(blocks['catalog.category_sales'] as CompiledBlock);
      Object.assign(b, {
        id: 'claims.settlement_times_by_line',
        domain: 'claims',
        name: 'settlement_times_by_line',
        description: 'Closed claims and the average days from notification to settlement per line of business.',
        examples: [{ question: 'Settlement times by line of business' }],
        outputs: ['line_code', 'closed_claims', 'avg_days_to_settle'],
        columns: { avg_days_to_settle: { synonyms: ['cycle time', 'days to settle'], additive: false }, line_code: { synonyms: ['line of business'] } },
        contract: { raw: 'claims.Claim.settlement_times_by_line@1', id: 'claims.Claim.settlement_times_by_line', version: 1, status: 'resolved' },
        params: [],
        paramsUsed: [],
        query: 'SELECT line_code, COUNT(*) AS closed_claims, AVG(days) AS avg_days_to_settle FROM claims GROUP BY line_code',
      });
      certifyInPlace(b);
      blocks[b.id] = b;
    });
  }
  const route = (q: string) => createTier1Router(settlement(commerce.manifest), { values: new Map([['queue', ['claims', 'sales']]]) }).route(q, { now: NOW });

  it.each(['claims cycle time by line', 'claims days to settle by line of business'])('%s', (q) => {
    expect(route(q)).toMatchObject({ kind: 'answer', block: 'claims.settlement_times_by_line' });
  });

  it('still reads the word as a value where no measure follows it', () => {
    expect(route('claims by line').kind).not.toBe('answer');
  });
});
