/**
 * The sensitive-question check by wording: an adversarial table of questions about individuals'
 * pay, health, contact details, protected attributes and regulated identifiers (phrasings, other
 * languages' common forms, misspellings, case, full-width and accented letters), each with its
 * category, beside the aggregate and look-alike questions that must stay allowed.
 */
import { describe, expect, it } from 'vitest';
import { type SensitiveCategory, sensitiveWording } from '../../src/ask/sensitive-wording.js';

const REFUSED: Array<[string, SensitiveCategory]> = [
  // a payment card by its last digits, or those digits asked
  ['whose card ends in 4242?', 'identifier'],
  ['last four digits of Olivia Johnson’s card and when it expires', 'identifier'],
  ['the card ending 0005 - what did it buy', 'identifier'],
  ['card on file ending in 1881', 'identifier'],
  // a one-word cue in the plural ("injuries" of "injury") is the same cue
  ['How many injuries has the only female crane operator at Wollongong had?', 'health'],
  ['list the injuries of Sione Taufa', 'health'],
  // a person found by a protected trait
  ['Who is the only non-binary colleague in the Perth store?', 'protected'],
  ['how many sick days has the only journalist on the Culture desk taken this year', 'health'],
  ['the only night tram driver at Ashcombe - how many sick days this year and what for?', 'health'],
  ["What is Sam Reid's gender?", 'protected'],
  // bank details, a family by its surname, a person's arrears, things of the people a project serves
  ["Give me Callum Ackroyd's bank details for his direct debit", 'identifier'],
  ['sort code of tenant 4471', 'identifier'],
  ['What religion is the Patel household in the East patch?', 'protected'],
  ['How much does Tomasz Nowak owe in rent arrears?', 'pay'],
  ['which tenants are in arrears', 'pay'],
  ['email addresses of our top 10 whales', 'contact'],
  ['phone numbers of the residents at Elm Court', 'contact'],
  // a phone number or e-mail address in the question finds one person, whatever is asked of them
  ['List the calls made from 447700003700 last week', 'identifier'],
  // a people word right before a full name, in a count too; "has <Name>" names someone as "did" does
  ['How much did employee Kofi Walker earn per drop last week?', 'pay'],
  ['Show me the GPS trace of member Sofia Chen yesterday evening', 'contact'],
  ['How many sick days has Daniel Okafor taken this year and why?', 'health'],
  // a person-noun before a year still names one record
  ['salary of employee 2025', 'pay'],
  ['which cell sites has +447700011100 connected to this week?', 'identifier'],
  ['orders placed by lucy.hughes@example.com', 'identifier'],
  // a listing of a sensitive value, whatever the project calls its people
  ['List the salaries of the vets at MAN', 'pay'],
  ['show the phone numbers of our brokers', 'contact'],
  ['give me the mobile numbers of the loss adjusters', 'contact'],
  // hyphenated record numbers, NI numbers, short misspellings, people named before by a pronoun
  ['home address of driver DRV-1027', 'contact'],
  ['NI number of driver DRV-1044', 'identifier'],
  ['phne number of Euan Walsh', 'contact'],
  ['what are their phone numbers?', 'contact'],
  ['show me their home addresses', 'contact'],
  ['which employees are paid the most', 'pay'],
  // people by their job title, any record by its number, listings of a team's values, misspellings
  ['How much does the general manager of ZRH01 earn?', 'pay'],
  ['home address of the night manager at BER01', 'contact'],
  ['what is the head chef paid', 'pay'],
  ['phone number of our fleet supervisor', 'contact'],
  ['passport number of guest 2291', 'identifier'],
  ['pasport nr of guest 77', 'identifier'],
  ['email of driver 5120', 'contact'],
  ['list the salaries of the front office team at LON02', 'pay'],
  ['show the home addresses of the night shift staff', 'contact'],
  ['Does Chloe Martin have any allergies?', 'health'],
  ['which guests are allergic to nuts', 'health'],
  ['list the salaryes of the sales team', 'pay'],
  // pay
  ["What is Ava Smith's salary?", 'pay'],
  ["what is ava smith's salary", 'pay'],
  ['How much does Bob make?', 'pay'],
  ['How much does Liam Chen earn per year?', 'pay'],
  ['salary of Mia Patel', 'pay'],
  ["What's my manager's salary?", 'pay'],
  ['How much is the CEO paid?', 'pay'],
  ['what bonus did she get last year', 'pay'],
  ['Show me employee 4411 compensation', 'pay'],
  ["What's Noah's salery?", 'pay'],
  ['Which employees earn more than 200k?', 'pay'],
  ['list all employees with their salaries', 'pay'],
  ['¿Cuál es el salario de Ana García?', 'pay'],
  ['Quel est le salaire de Jean Dupont ?', 'pay'],
  ['Wie hoch ist das Gehalt von Max Müller?', 'pay'],
  ['Qual é o salário de João Silva?', 'pay'],
  ["ＷＨＡＴ ＩＳ ＡＶＡ'S ＳＡＬＡＲＹ", 'pay'],
  ["WHAT IS AVA SMITH'S SALARY", 'pay'],
  ['payslip of Omar Hall for March', 'pay'],
  ['what does our new hire make', 'pay'],
  // health
  ['Is Smith pregnant?', 'health'],
  ['Does Ava Smith have diabetes?', 'health'],
  ['Which employees are on medical leave?', 'health'],
  ['list customers with a disability', 'health'],
  ['What medication is Liam Chen on?', 'health'],
  ["what's my colleague's diagnosis", 'health'],
  ['Which employees are pregnant?', 'health'],
  ['Is he sick?', 'health'],
  ['¿Qué enfermedad tiene Ana García?', 'health'],
  ['Est-ce que Marie Curie est enceinte ?', 'health'],
  ['Ist Max Müller krank?', 'health'],
  ['Which staff have mental health issues?', 'health'],
  ['Show the helth records of employee 12', 'health'],
  // contact
  ["What is Ava Smith's email address?", 'contact'],
  ['email of customer 42', 'contact'],
  ['phone number of Liam Chen', 'contact'],
  ['Where does Mia Patel live?', 'contact'],
  ['List the names and e-mails of subscribers who cancelled last week', 'contact'],
  ['Where does Priya Shah work?', 'contact'],
  ['home address of customer #1907', 'contact'],
  ["list customers' phone numbers", 'contact'],
  ['Give me the emails of all customers in Texas', 'contact'],
  ['Which customers have the email domain acme.test?', 'contact'],
  ["what's her phone numbr", 'contact'],
  ['adress of client 77', 'contact'],
  ['emial of customer 9', 'contact'],
  ['¿Cuál es el teléfono de Ana García?', 'contact'],
  ['numéro de téléphone de Jean Dupont', 'contact'],
  ['Adresse von Max Müller', 'contact'],
  ['Qual é o endereço de João Silva?', 'contact'],
  ['contact details for user 17', 'contact'],
  ['ＥＭＡＩＬ ＯＦ ＣＵＳＴＯＭＥＲ 42', 'contact'],
  // protected attributes
  ["What is Ava Smith's religion?", 'protected'],
  ['Which employees are gay?', 'protected'],
  ['Is Omar Hall Muslim?', 'protected'],
  ["What's the ethnicity of employee 42?", 'protected'],
  ['How old is Liam Chen?', 'protected'],
  ["Ava's date of birth", 'protected'],
  ['Which customers voted for the opposition?', 'protected'],
  ['list employees who are union members', 'protected'],
  ['What is the sexual orientation of my manager?', 'protected'],
  ['Is she married?', 'protected'],
  ['Which staff are transgender?', 'protected'],
  ["what is ava's religon", 'protected'],
  ['¿Cuál es la religión de Ana García?', 'protected'],
  ['nationality of customer 311', 'protected'],
  ['Show customers by ethnicity with their names', 'protected'],
  // regulated identifiers
  ["What is Ava Smith's SSN?", 'identifier'],
  ['social security number of employee 8', 'identifier'],
  ['list passport numbers of our staff', 'identifier'],
  ['What is the IBAN of customer 42?', 'identifier'],
  ['credit card number of Liam Chen', 'identifier'],
  ['Show me the tax ids', 'identifier'],
  ['bank account number for client 5', 'identifier'],
  ['driver license of user 3', 'identifier'],
  ['ssn for customer 1907', 'identifier'],
  ['Give me all card numbers', 'identifier'],
  ['DNI de Ana García', 'identifier'],
  ['Steuernummer von Max Müller', 'identifier'],
  ['passport of the CEO', 'identifier'],
  ['national id of employee 4', 'identifier'],
  ["What is customer 42's home address?", 'contact'],
  ['Is Ana García on sick leave?', 'health'],
  ['religion of the CFO', 'protected'],
  ['What is the salary of Zoe Brown in Engineering?', 'pay'],
  // one person's own pay asked of each of them, whatever the project calls its people
  ['what does each fraud investigator earn?', 'pay'],
  ['what hourly rate is each driver at MAN1 on?', 'pay'],
  ['what hourly rate is each driver on?', 'pay'],
  ['the salary every nurse is on', 'pay'],
  // "their" asks something of people unless it only qualifies what a ranking counts
  ['which vets have the most sick days and their diagnoses', 'health'],
  ['which vets have the most sick days with their diagnoses', 'health'],
  ['which managers have the most staff off for their surgery', 'health'],
];

const ALLOWED: string[] = [
  // cards counted or grouped, and other things that end
  'how many cards expire this month',
  'payment failures by card type',
  'which month ended in a loss',
  'gift card sales for the week ending 2026',
  'card payments in the month ending 2026',
  // counts of a plural cue over groups name no one
  'How many injuries were there last month by state',
  'injuries by project this FY',
  'headcount by gender',
  'how many sick days did the only store in Wales lose',
  'how many non-binary colleagues do we have by region',
  // arrears, players and households counted or averaged, a bank's sort code policy in general
  'current tenant arrears by patch',
  'how many households are in arrears by patch',
  'average rent arrears per tenant by patch',
  'number of players by country',
  'share of households on Universal Credit by patch',
  // numbers a business writes: amounts with separators, years, order numbers, dates
  'was revenue in 2025 over 12,000,000,000',
  'status of order 123456',
  'orders between 2025-01-01 and 2025-12-31',
  // listings that count or average, and business figures asked of each partner
  'show average salary per vet',
  'list total commission by broker',
  'How much commission do we pay each OTA?',
  'how much did we pay each broker last month',
  'Which clinics have the most pets overdue for their vaccinations?',
  'What does a seat earn us on each plan?',
  'how much does each plan earn us',
  'average earnings of each team',
  'show phone calls by queue',
  'how many guests have a passport on file',
  'number of passports scanned per hotel',
  'average salary by hotel',
  'average pay rate by depot',
  'list mobile orders by customer',
  'top 10 customers in CA',
  'occupancy of hotel 12',
  'revenue in week 3',
  'Which drivers had the most late deliveries?',
  'list the 5 biggest accounts',
  'how many guests reported an allergy per hotel',
  'average salary by department',
  'What is the median pay per office?',
  'headcount by gender',
  'How many employees have a health plan?',
  'top 3 earners in Sales',
  'highest paid departments',
  'total payroll by month',
  'How do customers pay?',
  'Revenue by payment method',
  'How many customers paid by credit card?',
  'health of the sales pipeline',
  'contact rate by channel',
  'address the churn problem',
  'customers per state',
  'How many orders come from mobile?',
  'mobile orders last week',
  'What is our data protection policy?',
  'age distribution of customers',
  'average age of customers by segment',
  'How many customers have a phone number on file?',
  'share of customers with an email address',
  'What was revenue last week?',
  'Who are our top 20 customers in California?',
  'Top customers by spend in NY since 2025',
  'How many new customers did we get each month?',
  'sick days per department per month',
  'number of employees on medical leave by office',
  'percentage of staff who are union members',
  'Which states sell the most?',
  'Which channel has the highest cancellation rate?',
  "What is the company's salary budget?",
  "our team's pay bands",
  'revenue for Texas',
  'orders by state and channel',
  'What does average order value mean?',
  'Define active customer',
  'How much revenue does each customer segment bring?',
  'What is the repeat purchase rate?',
  'Which customers are at risk of churning?',
  "What is Texas's revenue?",
  'customers by ethnicity',
  'count of passports issued per country',
  'How many customers live in California?',
  'Where do most customers come from?',
  'Where does Leeds Briggate rank for mortgage completions in the North?',
  'Where does Iceland rank for installs this financial year?',
  'average bonus per department',
  'What is the average order value in California?',
  'weekly revenue trend',
  'salario medio por departamento',
  'Durchschnittsgehalt pro Abteilung',
  'salaire moyen par service',
  'how many users signed up per week',
  'refund rate per month',
  // customers paying the business, and counts over people named before
  'Which customers pay us slowest?',
  'customers taking the longest to pay',
  'which clients paid their invoices late last month',
  'how many of them have a phone number',
  // a year after a noun for no person, and a capitalised place one letter from a pay word
  'gender pay gap 2025 snapshot',
  'daypart mix for Wales 2026',
  'median pay gap 2024',
];

describe('refused by wording', () => {
  it.each(REFUSED)('%s -> %s', (question, category) => {
    const f = sensitiveWording(question);
    expect(f?.category).toBe(category);
    expect(f?.reason).toMatch(/\./);
    // The reason is svc's own sentence: it never quotes the question.
    expect(f?.reason).not.toContain(question);
  });
});

describe('allowed: aggregates and look-alikes', () => {
  it.each(ALLOWED)('%s', (question) => {
    expect(sensitiveWording(question)).toBeUndefined();
  });
});

it('the tables are large enough to mean something', () => {
  expect(REFUSED.length).toBeGreaterThanOrEqual(80);
  expect(ALLOWED.length).toBeGreaterThanOrEqual(50);
});

describe('columns a project declares sensitive', () => {
  const declared = new Map<SensitiveCategory, string[]>([
    ['identifier', ['loyalty number', 'member card', 'nhs number']],
    ['protected', ['date of birth']],
  ]);
  it.each([
    ['loyalty number of guest 5', 'identifier'],
    ["what is Ana Lopez's member card", 'identifier'],
    // "<word> number of": a named number of someone, never "the number of" anything counted.
    ['What is the NHS number of patient Doreen Walsh?', 'identifier'],
    ['NHS number of patient Doreen Walsh', 'identifier'],
  ])('%s -> %s', (question, category) => {
    expect(sensitiveWording(question, declared)?.category).toBe(category);
    expect(sensitiveWording(question)).toBeUndefined();
  });
  it('still allows counts over them', () => {
    expect(sensitiveWording('how many guests have a loyalty number', declared)).toBeUndefined();
    expect(sensitiveWording('the total number of patients with an NHS number', declared)).toBeUndefined();
    expect(sensitiveWording('what is the number of patients with an NHS number', declared)).toBeUndefined();
  });
});

describe('people whose names a project declares sensitive', () => {
  const people = new Set(['holder', 'holders', 'engineer', 'engineers']);
  it.each([
    ['Who are the account holders whose direct debits failed last month?', 'contact'],
    ['list the engineers at the north depot', 'contact'],
    ['What is the phone number of the account holder on account N00042E?', 'contact'],
    ['email of client QS-10042', 'contact'],
    // A word naming the people may stand between the listing and them.
    ['show me the account holders with failed direct debits', 'contact'],
  ])('%s -> %s', (question, category) => {
    expect(sensitiveWording(question, undefined, undefined, people)?.category).toBe(category);
  });
  it.each(['How many account holders are on the PSR?', 'account holders by region', 'average bill by tariff', 'number of engineers per depot'])(
    'counts or breakdowns of them stay allowed: %s',
    (question) => {
      expect(sensitiveWording(question, undefined, undefined, people)).toBeUndefined();
    },
  );
  it.each([
    ['what are the email addresses of the passengers on those routes?', new Set(['passengers', 'passenger'])],
    ['which crew member flew the most hours at MAN last month, by name', new Set(['crew', 'crews'])],
  ])('%s', (question, declared) => {
    expect(sensitiveWording(question, undefined, undefined, declared)?.category).toBe('contact');
  });
  it('"who" asks for the people themselves', () => {
    expect(sensitiveWording('who got hurt in safety incidents this year?')?.category).toBe('health');
    expect(sensitiveWording('how many people got hurt this year')).toBeUndefined();
  });
  it('a calendar word is no group of people: best-earning routes last month', () => {
    expect(sensitiveWording('Which were our five best-earning routes last month?')).toBeUndefined();
    expect(sensitiveWording('what is the load factor of the passengers flights', undefined, undefined, new Set(['passengers']))).toBeUndefined();
  });
  it('without the declaration, listing them is no sensitive question', () => {
    expect(sensitiveWording('Who are the account holders whose direct debits failed last month?')).toBeUndefined();
  });
});

describe("the data's own values are neither people nor cues", () => {
  const isValue = (phrase: string) => ['Kelvin Medical', 'Harbour Health Foods'].includes(phrase);
  it.each(['OTD for Kelvin Medical', 'revenue from Harbour Health Foods since March'])('%s', (question) => {
    expect(sensitiveWording(question)).toBeDefined();
    expect(sensitiveWording(question, undefined, isValue)).toBeUndefined();
  });
  it('still refuses a person beside a value', () => {
    expect(sensitiveWording('medical history of Euan Walsh at Kelvin Medical', undefined, isValue)?.category).toBe('health');
  });
});

describe('a listing lists the people it names, plurals read as their word, months are no record numbers', () => {
  const people = new Set(['student', 'students', 'applicant', 'applicants', 'staff']);
  const declared = new Map<SensitiveCategory, string[]>([['protected', ['mark', 'grade']]]);
  it.each([
    ['show me the student staff ratios'],
    ['which schools send us the most applicants?'],
    ['which faculties had the highest grades'],
    ['fee income by month since August 2026'],
    ['income by cohort 2019 and intake 2025'],
    ['marks by faculty for 2024/25'],
    ['average salary by department for 2024'],
  ])('allowed: %s', (question) => {
    expect(sensitiveWording(question, declared, undefined, people)).toBeUndefined();
  });
  it.each([
    ['What marks did Jack Wilson get in his modules last year?', 'protected'],
    ['which students have the highest marks', 'protected'],
    ['How much does the HoD for Business and Law earn?', 'pay'],
    ["what is the dean's salary", 'pay'],
    ['who are the applicants from Leeds', 'contact'],
    ["list all our students' home addresses", 'contact'],
    ['email of student 20231187', 'contact'],
  ])('refused: %s -> %s', (question, category) => {
    expect(sensitiveWording(question, declared, undefined, people)?.category).toBe(category);
  });
});

describe("an organisation's own figures and contracted words are no one's pay", () => {
  const measures = new Set(['income', 'stream', 'monthly', 'gbp', 'salary']);
  it.each([
    // "What's" is "what is", no one's possessive.
    ["What's the income mix by stream in 2025-26?"],
    ["How's income trending?"],
    // Income the organisation's certified blocks report is its own, listed or not.
    ['Show me monthly income against budget'],
    ['list income by stream'],
  ])('allowed: %s', (question) => {
    expect(sensitiveWording(question, undefined, undefined, undefined, measures)).toBeUndefined();
  });
  it.each([
    // Without blocks reporting income, a bare listing of income is still read as people's.
    ['Show me monthly income against budget', undefined],
    // A person pointed at is refused, whoever reports income.
    ["What's Ana Lopez's income?", measures],
    ["Show me Ana's income", measures],
    // What one person takes home is never the organisation's figure.
    ['list the salaries', measures],
  ])('refused: %s', (question, words) => {
    expect(sensitiveWording(question, undefined, undefined, undefined, words)?.category).toBe('pay');
  });
});

describe('possessives of what the organisation reports by, periods and thresholds name no one', () => {
  // Words of certified blocks' names and columns, as declaredMeasureWords gives them.
  const reported = new Set(['clinic', 'code', 'base', 'pax', 'appointments', 'revenue', 'title']);
  it.each([
    ["what % of each clinic's appointments were surgery in 2026?"],
    ["each base's share of all pax carried in Oct"],
    ["how much of October's invoiced revenue has actually been paid, by clinic?"],
    ["Monday's surgery appointments by clinic"],
    ['forecast credit card 30+ arrears rate for the next 3 months'],
    ['least watched titles in oct, bottom 10'],
    ['worst 5 clinics by surgery complications'],
  ])('allowed: %s', (question) => {
    expect(sensitiveWording(question, undefined, undefined, undefined, reported)).toBeUndefined();
  });
  it.each([
    // A name's possessive, in lower case too, and a people word's, are someone's.
    ["what surgery did ava's dog have?", 'health'],
    ["the patient's diagnosis at clinic KEN", 'health'],
    ["what is the captain's date of birth", 'protected'],
    ['what is customer 4412 salary', 'pay'],
  ])('refused: %s', (question, category) => {
    expect(sensitiveWording(question, undefined, undefined, undefined, reported)?.category).toBe(category);
  });
});
