/**
 * The words a project's declared sensitive columns give the wording guard (src/ask/declared-sensitive.ts):
 * column names and synonyms, and the names of tables whose rows are records about people.
 */
import { describe, expect, it } from 'vitest';
import { declaredPeople, declaredSensitive } from '../../src/ask/declared-sensitive.js';
import { sensitiveWording } from '../../src/ask/sensitive-wording.js';
import type { SvcConfig } from '../../src/compiler/project/config.js';
import type { Manifest } from '../../src/compiler/types.js';

const config = {
  project: 'bank',
  sensitive: {
    columns: {
      'customers.full_name': 'contact',
      'customers.annual_salary_gbp': 'pay',
      'transactions.amount_gbp': 'pay',
      'transactions.counterparty': 'pay',
      'sickness_episodes.reason': 'health',
      'orders.delivery_address': 'contact',
      'drivers.phone': 'contact',
      'drivers.hourly_rate': 'pay',
    },
  },
} as SvcConfig;
const manifest = { blocks: {} } as unknown as Manifest;
const cues = declaredSensitive(manifest, config);
const people = declaredPeople(manifest, config);
const ask = (q: string) => sensitiveWording(q, cues, undefined, people)?.category;

describe('tables whose rows are records about people', () => {
  it('names them by the table, in both numbers, for pay, health and protected columns only', () => {
    expect(cues.get('pay')).toEqual(expect.arrayContaining(['transactions', 'transaction']));
    expect(cues.get('health')).toEqual(expect.arrayContaining(['sickness episodes']));
    // A table of the people themselves, or of contact details only, is no record table.
    expect([...cues.values()].flat()).not.toContain('customers');
    expect([...cues.values()].flat()).not.toContain('orders');
    expect([...cues.values()].flat()).not.toContain('drivers');
  });
  it.each([
    ["Ewan Murray's last five card transactions", 'pay'],
    ['show sickness episodes for Jane Doe', 'health'],
    ['card transactions by month', undefined],
    ['how many transactions last week', undefined],
    ['orders for customer 42 last month', undefined],
    ['Who are our most punctual drivers?', undefined],
  ])('%s -> %s', (q, category) => expect(ask(q)).toBe(category));
});

describe("a column's words as people say them, and records keyed by a person's identifier", () => {
  const cfg = {
    project: 'charity',
    sensitive: {
      columns: {
        'volunteers.full_name': 'contact',
        'volunteers.dbs_check_level': 'protected',
        'donors.wealth_screening_band': 'pay',
        'reading_history.reader_id': 'identifier',
        'reading_history.ip_address': 'identifier',
        'subscribers.email': 'contact',
        'subscribers.card_number': 'identifier',
        'pets.microchip_no': 'identifier',
      },
    },
  } as SvcConfig;
  const own = declaredSensitive({ blocks: {} } as unknown as Manifest, cfg);
  const asked = (q: string) => sensitiveWording(q, own)?.category;
  it.each([
    // Storage words ("level", "band") are not said: "DBS check" is the column dbs_check_level.
    ["Did Stuart Thomson's DBS check show anything?", 'protected'],
    ["What is Maria Green's wealth screening?", 'pay'],
    // A table of one person's records, keyed by an identifier only, names them.
    ["What is Harry Brown's reading history?", 'identifier'],
    ['how many DBS checks were done last year', undefined],
    ['reading history by section last week', undefined],
    // A table of the people themselves (a contact detail among its columns) is not a record table.
    ['top subscribers by tenure', undefined],
    // A table of things with their own number is no log of anyone.
    ['Which clinics have the most pets overdue for their vaccinations?', undefined],
  ])('%s -> %s', (q, category) => expect(asked(q)).toBe(category));
});

describe('declared words the certified blocks also report are said with their table', () => {
  const cfg = {
    project: 'lawfirm',
    sensitive: {
      columns: {
        'fee_earners.full_name': 'contact',
        'sickness_absence.days': 'health',
        'sickness_absence.reason': 'health',
        'private_clients.will_notes': 'protected',
        'customer_notes.delivery_note': 'health',
        'riders.right_to_work_doc': 'identifier',
        'riders.full_name': 'contact',
        'rider_shifts.pay_gbp': 'pay',
      },
    },
  } as SvcConfig;
  const certified = (name: string, outputs: string[]) => ({ name, outputs, status: 'certified' });
  const blocks = {
    a: certified('debtor_days_monthly', ['month', 'debtor_days']),
    b: certified('write_offs_by_reason', ['reason_code', 'written_off_gbp']),
    c: certified('delivery_times_by_city', ['city_code', 'p90_minutes']),
    d: certified('weekly_active_customers', ['week_start', 'active_customers']),
  };
  const m = { blocks } as unknown as Manifest;
  const own = declaredSensitive(m, cfg);
  const all = [...own.values()].flat();
  const asked = (q: string) => sensitiveWording(q, own, undefined, declaredPeople(m, cfg), new Set(['weekly', 'active', 'customers']))?.category;
  it('keeps the table with a reported word, drops a lone topic word of free text, and says "doc" as people do', () => {
    expect(all).toEqual(expect.arrayContaining(['sickness absence days', 'sickness absence reason', 'right to work', 'customer notes']));
    for (const word of ['days', 'reason', 'will', 'delivery', 'customer']) expect(all).not.toContain(word);
  });
  it.each([
    ['Show debtor days for Edinburgh', undefined],
    ['w/o by reason 1/10/26 to 31/10/26', undefined],
    ['aged WIP split into 0-30, 31-90, 91-180 and 180+ days', undefined],
    ["What are Getir's delivery times in London?", undefined],
    ['What will lock-up be at the end of the year?', undefined],
    ['Weekly active customers', undefined],
    ['Weekly active customers who came through partner marketplaces since October 2026', undefined],
    ["What is rider Ewan Stewart's right-to-work document number?", 'identifier'],
    ["show Priya Shah's sickness absence reason", 'health'],
    ['How much did rider Kofi Walker earn per drop last week?', 'pay'],
    ["What does Eleanor Hartley's will leave to her grandchildren?", 'protected'],
    ['Show me the GPS trace of rider Sofia Chen yesterday evening', 'contact'],
    ['who are our customers', 'contact'],
  ])('%s -> %s', (q, category) => expect(asked(q)).toBe(category));
});

describe('a record table of three words or more, said by its first and last', () => {
  const tests = declaredSensitive(manifest, {
    project: 'builder',
    sensitive: { columns: { 'drug_alcohol_tests.result': 'health', 'workers.full_name': 'contact' } },
  } as SvcConfig);
  const asked = (q: string) => sensitiveWording(q, tests, undefined, declaredPeople(manifest, { project: 'builder' } as SvcConfig))?.category;
  it.each<[string, string | undefined]>([
    ['Did Sione Taufa fail a drug test?', 'health'],
    ["What was Sione Taufa's drug and alcohol test result?", 'health'],
    ['drug tests by month', undefined],
    ['how many drug tests failed in NSW last month', undefined],
  ])('%s', (q, category) => expect(asked(q)).toBe(category));
});
