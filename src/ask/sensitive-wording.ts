/**
 * The sensitive-question check by wording (spec 02 `sensitiveQuestions: 'wording'`, the default):
 * before planning and before any model call, Ask refuses a question that asks about one person's
 * (or listed people's) pay, health, contact details or protected attributes, and any request for
 * a regulated identifier. Aggregates stay allowed ("average salary by department", "headcount by
 * gender", "how many customers have a phone number").
 *
 * A question is sensitive when it names a sensitive thing AND points at individuals: a person's
 * name or possessive, an id ("customer 42"), a person by role ("my manager", "the CEO"), a
 * pronoun, or a listing of people ("which employees ...", "list customers' emails") that asks for
 * no aggregate. Words are folded first (compatibility forms, accents, case), so full-width,
 * accented and upper-case spellings read alike; common misspellings and other languages' forms
 * are in the word lists. Pure, deterministic, and never echoes the question.
 */
import { distance } from 'fastest-levenshtein';
import { foldWord, words } from './tokens.js';

export type SensitiveCategory = 'pay' | 'health' | 'contact' | 'protected' | 'identifier';

export interface SensitiveFinding {
  category: SensitiveCategory;
  /** One plain sentence for the person, naming the category. */
  reason: string;
}

/** Folded phrases (space-separated words) that name each sensitive thing. */
const CUES: Readonly<Record<SensitiveCategory, readonly string[]>> = {
  // Regulated identifiers: refused whoever they belong to, unless only counted.
  identifier: [
    'ssn',
    'social security',
    'social security number',
    'national id',
    'national insurance number',
    'ni number',
    'ni numbers',
    'nino',
    'passport number',
    'passport',
    'passports',
    'id card',
    'id number',
    'visa number',
    'license plate',
    'licence plate',
    'tax id',
    'tax ids',
    'tax number',
    'tin',
    'iban',
    'bank account',
    'bank account number',
    'bank details',
    'bank detail',
    'banking details',
    'sort code',
    'sort codes',
    'account number',
    'account numbers',
    'card number',
    'card numbers',
    'credit card number',
    'credit card numbers',
    'passport numbers',
    'ssns',
    'drivers license',
    'driver license',
    'driving licence',
    'numero de seguridad social',
    'dni',
    'nif',
    'numero fiscal',
    'steuernummer',
    'cpf',
  ],
  // One person's pay.
  pay: [
    // A person's debts to the organisation are their own finances too ("how much does Tomasz Nowak owe in rent arrears").
    'arrears',
    'salary',
    'salaries',
    'salery',
    'salry',
    'wage',
    'wages',
    'pay',
    'paid',
    'payslip',
    'paycheck',
    'pay check',
    'bonus',
    'bonuses',
    'compensation',
    'remuneration',
    'earn',
    'earns',
    'earning',
    'earnings',
    'make',
    'makes',
    'income',
    'pay rate',
    'hourly rate',
    'payroll',
    'pension',
    'overtime pay',
    'salario',
    'sueldo',
    'salaire',
    'remuneracion',
    'gehalt',
    'lohn',
    'verdient',
    'gana',
    'salario de',
    'stipendio',
  ],
  health: [
    'health',
    'medical',
    'diagnosis',
    'diagnosed',
    'illness',
    'ill',
    'sick',
    'sickness',
    'disease',
    'medication',
    'medicine',
    'prescription',
    'pregnant',
    'pregnancy',
    'disability',
    'disabled',
    'mental health',
    'therapy',
    'therapist',
    'hiv',
    'aids',
    'cancer',
    'diabetes',
    'depression',
    'sick leave',
    'medical leave',
    'health condition',
    'allergy',
    'allergies',
    'allergic',
    'dietary',
    'injury',
    'injured',
    'hurt',
    'surgery',
    'vaccination',
    'vaccinated',
    'blood type',
    'anxiety',
    'symptoms',
    'enfermedad',
    'enfermo',
    'embarazada',
    'maladie',
    'malade',
    'enceinte',
    'krankheit',
    'krank',
    'schwanger',
    'doenca',
    'gravida',
    'helth',
    'medcal',
  ],
  contact: [
    // Where someone is or was: a GPS trace finds a person as a home address does.
    'gps',
    'whereabouts',
    'email',
    'e mail',
    'e mails',
    'emails',
    'email address',
    'emial',
    'mail address',
    'phone',
    'phone number',
    'phone numbr',
    'telephone',
    'mobile number',
    'mobile numbers',
    'cell numbers',
    'phone numbers',
    'cell number',
    'fax',
    'zip code',
    'postcode',
    'post code',
    'cellphone',
    'whatsapp',
    'address',
    'addresses',
    'home address',
    'adress',
    'adres',
    'postal address',
    'mailing address',
    'contact details',
    'contact info',
    'contact information',
    'where does',
    'where do',
    'lives',
    'live',
    'correo',
    'telefono',
    'direccion',
    'adresse',
    'telephone de',
    'numero de telephone',
    'telefon',
    'telefonnummer',
    'anschrift',
    'wohnort',
    'endereco',
    'morada',
  ],
  protected: [
    'race',
    'racial',
    'ethnicity',
    'ethnic',
    'religion',
    'religious',
    'muslim',
    'jewish',
    'christian',
    'hindu',
    'sexual orientation',
    'gay',
    'lesbian',
    'bisexual',
    'transgender',
    'trans',
    'gender',
    'non binary',
    'nonbinary',
    'sexuality',
    'gender identity',
    'political',
    'politics',
    'vote',
    'votes',
    'voted',
    'union member',
    'union members',
    'union membership',
    'trade union',
    'immigration status',
    'citizenship',
    'nationality',
    'date of birth',
    'birthday',
    'born',
    'age',
    'how old',
    'marital status',
    'married',
    'divorced',
    'religion de',
    'religion of',
    'raza',
    'etnia',
    'religión',
    'origine ethnique',
    'religionszugehorigkeit',
    'herkunft',
    'religiao',
    'ethnicty',
    'religon',
  ],
};

/**
 * Job titles: "the general manager of ZRH01", "our night auditor", "their head chef". With the
 * article or possessive before them they point at one person.
 */
const TITLES = new Set([
  'manager',
  'director',
  'head',
  'chief',
  'officer',
  'supervisor',
  'lead',
  'chef',
  'cook',
  'auditor',
  'attendant',
  'receptionist',
  'concierge',
  'housekeeper',
  'driver',
  'dispatcher',
  'agent',
  'clerk',
  'cashier',
  'nurse',
  'doctor',
  'engineer',
  'analyst',
  'assistant',
  'president',
  'vp',
  'founder',
  'owner',
  'ceo',
  'cfo',
  'cto',
  'coo',
  'intern',
  'secretary',
  'coordinator',
  'representative',
  'rep',
  'technician',
  'teacher',
  'guard',
  'hod',
  'dean',
  'provost',
  'chancellor',
  'principal',
  'professor',
  'lecturer',
  'registrar',
  'tutor',
  'headteacher',
  'pilot',
  'captain',
  'surgeon',
  'consultant',
  'pharmacist',
  'vet',
  'dentist',
]);

/** "the night manager", "our general manager", "my team lead": a determiner, up to two words, a title. */
function titledPerson(folded: string): boolean {
  const ws = folded.trim().split(' ');
  return ws.some((w, i) => TITLES.has(w) && [1, 2, 3].some((k) => ['the', 'our', 'my', 'their', 'your', 'a', 'that', 'this'].includes(ws[i - k] ?? '')));
}

/** Words that point at one person or listed people. */
const PERSON_ROLES: readonly string[] = [
  'my manager',
  'my boss',
  'my colleague',
  'my coworker',
  'my co worker',
  'my team lead',
  'my lead',
  'my report',
  'my employee',
  'the ceo',
  'the cfo',
  'the cto',
  'the coo',
  'the founder',
  'the president',
  'our ceo',
  'our cfo',
  'our new hire',
  'the new hire',
  'the intern',
  'our intern',
  'she',
  'he',
  'her',
  'his',
  'him',
  'hers',
  'mi jefe',
  'mon chef',
  'mein chef',
  'meu chefe',
];
const PEOPLE = new Set([
  'employee',
  'employees',
  'customer',
  'customers',
  'client',
  'clients',
  'user',
  'users',
  'person',
  'people',
  'staff',
  'worker',
  'workers',
  'member',
  'members',
  'buyer',
  'buyers',
  'shopper',
  'shoppers',
  'patient',
  'patients',
  'tenant',
  'tenants',
  'resident',
  'residents',
  'household',
  'households',
  'player',
  'players',
  'whale',
  'whales',
  'empleado',
  'empleados',
  'cliente',
  'clientes',
  'employe',
  'employes',
  'mitarbeiter',
  'kunde',
  'kunden',
  'funcionario',
  'funcionarios',
]);
/** No words: no declared people, no measures of the organisation's own. */
const NONE: ReadonlySet<string> = new Set();
/** The calendar words among GROUPS: "this month's" is no one's, and neither is a listing "last month". */
const CALENDAR: ReadonlySet<string> = new Set(['year', 'month', 'quarter', 'week', 'today']);
const LISTING = new Set([
  'which',
  'who',
  'whom',
  'whose',
  'list',
  'show',
  'give',
  'names',
  'name',
  'cuales',
  'quien',
  'quienes',
  'qui',
  'quels',
  'welche',
  'wer',
  'quais',
  'quem',
]);
/**
 * A phone number (11 to 15 digits written together, an international prefix allowed: "447700003700",
 * "+447700900123"), an e-mail address or a payment card's last digits: a person's own identifier,
 * which no count or code of the business is written as.
 */
const PERSONAL_REFERENCE: readonly RegExp[] = [
  /(?<![\w.,/-])\+?\d{11,15}(?![\w.,/-])/,
  /[\p{L}\d._%+-]+@[\p{L}\d-]+(?:\.[\p{L}\d-]+)+/u,
  // A payment card by its last digits ("whose card ends in 4242?", "the card ending 0005"), or
  // those digits asked ("last four digits of Olivia's card"): one cardholder either way.
  /\bcards?(?:\s+(?!(?:sales|for|the|a|week|month|period|quarter|year)\b)[\w']+){0,3}?\s+(?:ends?|ending)\s+(?:in\s+|with\s+)?\d{4}\b/i,
  /\blast\s+(?:four|4)\s+(?:digits|numbers)\b/i,
];

/** "<word> number of": a named number ("nhs number of"), unless the word makes it a count ("the number of", "total number of"). */
const NAMED_NUMBER_OF =
  /\s(?!(?:the|a|an|total|average|avg|same|large|small|big|huge|certain|great|greater|growing|higher|lower|max|maximum|min|minimum|overall|whole|exact|approximate|rough|daily|weekly|monthly|yearly|annual)\s)([a-z]+)\s+number\s+of\s/g;

const AGGREGATE = [
  'how many',
  'number of',
  'count',
  'average',
  'avg',
  'mean',
  'median',
  'total',
  'sum',
  'share',
  'percentage',
  'percent',
  'proportion',
  'rate',
  'ratio',
  'distribution',
  'breakdown',
  'per',
  'by',
  'headcount',
  'cuantos',
  'promedio',
  'combien',
  'moyenne',
  'wie viele',
  'durchschnitt',
  'quantos',
  'media',
];

const fold = (text: string): string =>
  ` ${words(text)
    .map((w) => w.word)
    .join(' ')} `;
const has = (folded: string, phrase: string): boolean => folded.includes(` ${phrase} `);
/** The phrase or its plural ("ratios", "marks", "salaries"): a cue or an aggregate is said either way. */
const hasForm = (folded: string, phrase: string): boolean =>
  has(folded, phrase) || has(folded, `${phrase}s`) || has(folded, `${phrase}es`) || (phrase.endsWith('y') && has(folded, `${phrase.slice(0, -1)}ies`));

/** Possessors that are groups, not people ("the company's salary budget", "our team's pay bands"). */
const GROUPS = new Set([
  'company',
  'team',
  'department',
  'dept',
  'org',
  'organization',
  'organisation',
  'firm',
  'business',
  'everyone',
  'staff',
  'group',
  'division',
  'office',
  'region',
  'country',
  'state',
  'industry',
  'market',
  'year',
  'month',
  'quarter',
  'week',
  'today',
  'store',
  'shop',
  'sales',
  'engineering',
  'finance',
  'marketing',
  'support',
]);

/** Words whose "'s" is "is" or "has" ("what's", "how's", "it's"), never a possessive. */
const CONTRACTED: ReadonlySet<string> = new Set(['what', 'how', 'who', 'where', 'when', 'why', 'that', 'there', 'here', 'it', 'let', 'he', 'she']);

/** Days and months, whose "'s" is a period's ("October's invoiced revenue", "Monday's calls"). */
const DAYS_AND_MONTHS =
  /^(?:jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sept?(?:ember)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?|(?:mon|tues|wednes|thurs|fri|satur|sun)day|yesterday|tomorrow|tonight)$/;

/**
 * Whether a possessive's owner may be a person: not a group, a contraction or a period, nor a
 * word the organisation's certified blocks report by ("each clinic's appointments", "each base's
 * share"), unless that word is itself one for people.
 */
function personPossessor(w: string, reported: ReadonlySet<string>): boolean {
  if (GROUPS.has(w) || CONTRACTED.has(w) || DAYS_AND_MONTHS.test(w)) return false;
  return PEOPLE.has(w) || !reported.has(w);
}

/**
 * A person named: a possessive of a name ("Ava's", "ava smith's") that is not a group, a first
 * and last name after of/for/de/von ("salary of Ana García"), or a name after does/did/is
 * ("how much does Bob make").
 */
function namesPerson(question: string, reported: ReadonlySet<string>): boolean {
  for (const m of question.matchAll(/([\p{L}]+)['’][sS]\b/gu)) if (personPossessor(foldWord(m[1] ?? ''), reported)) return true;
  if (/\b(?:[Oo]f|[Ff]or|[Aa]bout|de|von|da|do|di)\s+\p{Lu}[\p{Ll}'-]+\s+\p{Lu}[\p{Ll}'-]+/u.test(question)) return true;
  return /\b(?:[Dd]oes|[Dd]id|[Ii]s|[Ww]as|[Ww]ill|[Hh]as|[Hh]ave|[Hh]ad)\s+\p{Lu}[\p{Ll}'-]{2,}\b/u.test(question);
}

/**
 * "customer 42", "employee #1907", "guest id 17", "driver no. 5": a person-like noun and a number. Any
 * noun but units and calendar words ("top 10", "week 3", "Q1 2025") reads as someone's record here.
 */
const ID_REF =
  /\b(?!(?:top|bottom|best|worst|highest|lowest|largest|smallest|biggest|fewest|first|last|week|weeks|day|days|month|months|year|years|quarter|q|page|rows?|the|in|of|since|until|before|after|over|under|than|about|around|and|or|for|to|from|at|on|by|per|with|vs|versus|during|within|between|each|every|all|is|was|are|were|more|less|fewer|above|below|least|most|jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sept?(?:ember)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?|fy|ay|cohort|intake|semester|sem|term|season|class|entry|census)\b)[a-z]{3,}s?\s*(?:id|no|number|nr|#)?\.?\s*[#:-]?\s*\d{1,9}\b(?![/.\u2013-]\d)(?!\s*(?:%|\+|percent|days?|weeks?|months?|years?|hours?|rows?|k\b|m\b))/i;

/** A family by its surname ("the Patel household", "the Okafor family"). */
const FAMILY = /\b[Tt]he\s+\p{Lu}[\p{Ll}'’-]+\s+(?:household|family|residence)\b/u;
/** "the only journalist on the Culture desk", "the only night tram driver at Ashcombe": someone alone in a group. */
const ONLY_ONE = /\sthe only (?:[a-z]+ ){0,3}([a-z]+) (?:in|on|at|from|of|who|with|among)\s/;
/** First and last name anywhere but the question's first word ("Marie Curie", "Max Müller"). */
const FULL_NAME = /(?<=\S\s+)\p{Lu}[\p{Ll}'-]+\s+\p{Lu}[\p{Ll}'-]+/u;
/** A listing that asks for people's names ("with their names", "names of"). */
const NAMES = ['their names', 'names of', 'with names', 'and names', 'by name'];

/** Pronouns for people already named (a follow-up's "their phone numbers"); counted, they ask for no one ("how many of them"). */
const PLURAL_PRONOUNS = ['their', 'them', 'they', 'theirs'];

/**
 * "Which clinics have the most pets overdue for their vaccinations": a ranking by how many, of
 * things no people word names, where "their" qualifies what is counted ("overdue for their
 * vaccinations"), not a second thing asked of someone ("... and their diagnoses").
 */
function countsThings(folded: string): boolean {
  const counted = /\sthe (?:most|fewest|least|highest number of|lowest number of)\s+(?:[a-z]+\s+){1,4}(?:for|on) their\s/;
  if (!counted.test(folded) || /\sand (?:their|them)\s/.test(folded)) return false;
  return !folded
    .trim()
    .split(' ')
    .some((w) => PEOPLE.has(w));
}

/** "the account holder on account N00042E", "client QS-10042": a noun and a record's code of letters and digits. */
const CODE_REF = /\b[a-z]{3,}s?\s+(?:id|no|number|#)?\s*[A-Z]{1,4}-?\d{3,}[A-Z]{0,3}\b/;

/** A record reference ID_REF reads, less a year after a noun with no id mark ("gender pay gap 2025", "Wales 2026"). */
function recordRef(question: string): boolean {
  const m = ID_REF.exec(question);
  if (m === null) return false;
  const year = /^([a-z]+)\s+(?:19|20)\d{2}$/i.exec(m[0].trim());
  // "employee 2025" still names someone: only a noun for no person is followed by a year.
  const person = year !== null && PEOPLE.has(foldWord(year[1] ?? ''));
  return year === null || person || ID_REF.test(question.slice(m.index + m[0].length));
}

function individual(question: string, folded: string, aggregate: boolean, reported: ReadonlySet<string>): boolean {
  if (recordRef(question) || CODE_REF.test(question) || namesPerson(question, reported) || NAMES.some((n) => has(folded, n))) return true;
  // A capitalised pair in an aggregate question is a place or a team ("average salary in New York").
  if (!aggregate && FULL_NAME.test(question)) return true;
  // "the Patel household", "the Okafor family": one family by its name.
  if (FAMILY.test(question)) return true;
  // "the only non-binary colleague in the Perth store": one person, singled out by the group they are alone in.
  const only = ONLY_ONE.exec(folded)?.[1];
  if (only !== undefined && !GROUPS.has(only)) return true;
  if (!aggregate && !countsThings(folded) && PLURAL_PRONOUNS.some((p) => has(folded, p))) return true;
  // "who got hurt", "whom did we treat": "who" asks for the people themselves.
  if (!aggregate && /^\s*(?:who|whom)\s/.test(folded)) return true;
  return PERSON_ROLES.some((r) => has(folded, r)) || titledPerson(folded);
}

/** "rider Sofia Chen", "employee John Smith": a people word right before a full name points at that one person, in a count too. */
const ROLE_NAME = /\b([a-z]+)\s+\p{Lu}[\p{Ll}'’-]+\s+\p{Lu}[\p{Ll}'’-]+/gu;

function roleNamed(question: string, people: ReadonlySet<string>): boolean {
  for (const m of question.matchAll(ROLE_NAME)) {
    const w = foldWord(m[1] ?? '');
    if (PEOPLE.has(w) || people.has(w)) return true;
  }
  return false;
}

/**
 * People whose names the project declares sensitive, asked by name: listed counting nothing ("who
 * are the account holders whose debits failed"), or with their names asked outright ("which crew
 * member flew the most hours, by name").
 */
function namesDeclaredPeople(folded: string, people: ReadonlySet<string>, measures: ReadonlySet<string>): boolean {
  if (listsPeople(folded, people, false, measures) && !AGGREGATE.some((a) => hasForm(folded, a))) return true;
  return (
    NAMES.some((n) => has(folded, n)) &&
    folded
      .trim()
      .split(' ')
      .some((w) => people.has(w))
  );
}

/** "what are the email addresses of the passengers": the values of a thing of people, asked outright. */
const WHAT_OF = /^\s*what (?:are|is|were|was) (?:the|their)\s/;

/** Words a listing may put between itself and the people it lists ("show me all of our students"). */
const BETWEEN = new Set(['me', 'us', 'the', 'our', 'all', 'of', 'a', 'an', 'any', 'those', 'these', 'your', 'my', 'list', 'names', 'name']);

/**
 * Whether a listing word lists people: the people word follows it across determiners and at
 * most one word naming them ("which students", "list all our customers", "show me the account
 * holders"); "which schools send us the most applicants" lists schools, counting the applicants.
 */
function listingOfPeople(ws: readonly string[], isPerson: (w: string) => boolean): boolean {
  return ws.some((w, i) => {
    if (!LISTING.has(w) && w !== 'all') return false;
    let modifiers = 0;
    for (let j = i + 1; j < ws.length && j <= i + 5; j++) {
      const next = ws[j] as string;
      if (isPerson(next)) return true;
      if (!BETWEEN.has(next) && ++modifiers > 1) return false;
    }
    return false;
  });
}

/**
 * "our biggest customers", "customers'": a question ending in its customers asks for them, unless the
 * word before names a figure the certified blocks report ("weekly active customers", "new customers").
 */
function endsWithCustomers(ws: readonly string[], measures: ReadonlySet<string>): boolean {
  const last = ws.at(-1) ?? '';
  if (!/^customers?$/.test(last)) return false;
  return !measures.has(ws.at(-2) ?? '');
}

/** A listing of people ("which employees ...", "list customers' emails", "who ...") that counts nothing. */
function listsPeople(folded: string, declared: ReadonlySet<string> = NONE, whatOf = false, measures: ReadonlySet<string> = NONE): boolean {
  const ws = folded.trim().split(' ');
  const isPerson = (w: string): boolean => PEOPLE.has(w) || declared.has(w);
  if (!ws.some(isPerson) || AGGREGATE.some((a) => hasForm(folded, a))) return false;
  // "customers who came through partners": after the people it qualifies, "who" asks for no one.
  const asksWho = ws.some((w, i) => (w === 'who' || w === 'whom' || w === 'whose') && !isPerson(ws[i - 1] ?? ''));
  return asksWho || listingOfPeople(ws, isPerson) || endsWithCustomers(ws, measures) || (whatOf && WHAT_OF.test(folded)) || valuesOfPeople(ws, isPerson);
}

/** "email addresses of our top 10 whales": a thing of people, asked outright in the question's first words. */
function valuesOfPeople(ws: readonly string[], isPerson: (w: string) => boolean): boolean {
  const of = ws.indexOf('of');
  if (of < 1 || of > 3) return false;
  let modifiers = 0;
  for (let j = of + 1; j < ws.length && j <= of + 6; j++) {
    const next = ws[j] as string;
    if (isPerson(next)) return true;
    if (!BETWEEN.has(next) && !/^\d+$/.test(next) && next !== 'top' && ++modifiers > 1) return false;
  }
  return false;
}

const ORDER = ['identifier', 'pay', 'health', 'contact', 'protected'] as const;
/** Each category's one-word cues as a set, and its phrases: one lookup per word, a scan per phrase. */
const WORD_CUES = new Map(ORDER.map((c) => [c, new Set(CUES[c].filter((cue) => !cue.includes(' ')))] as const));
const PHRASE_CUES = new Map(ORDER.map((c) => [c, CUES[c].filter((cue) => cue.includes(' '))] as const));

/** A plural's singular forms to look a one-word cue up by ("injuries" -> "injury", "salaries" -> "salary", "addresses" -> "address"). */
function singulars(w: string): string[] {
  if (w.length < 5 || !w.endsWith('s')) return [];
  if (w.endsWith('ies')) return [`${w.slice(0, -3)}y`];
  return w.endsWith('es') ? [w.slice(0, -1), w.slice(0, -2)] : [w.slice(0, -1)];
}

/** "where does Leeds rank", "where do we stand": a place in a ranking, not where someone is. */
const PLACE_IN_RANKING = /\bwhere (?:does|do) (?:\S+ ){1,5}(?:rank|ranks|ranked|stand|stands|sit|sits|place|placed)\b/;
const WHERE_CUES: ReadonlySet<string> = new Set(['where does', 'where do']);

function category(folded: string): SensitiveCategory | undefined {
  const ws = folded.trim().split(' ');
  const ranking = PLACE_IN_RANKING.test(folded);
  for (const c of ORDER) {
    const single = WORD_CUES.get(c) as ReadonlySet<string>;
    if (ws.some((w) => single.has(w) || singulars(w).some((s) => single.has(s)))) return c;
    if ((PHRASE_CUES.get(c) as readonly string[]).some((cue) => has(folded, cue) && !(ranking && WHERE_CUES.has(cue)))) return c;
  }
  return undefined;
}

/** Columns a project declares sensitive (config `sensitive.columns`, a block's `columns { x = { sensitive = ... } }`), as folded phrases per category. */
export type DeclaredCues = ReadonlyMap<SensitiveCategory, readonly string[]>;

/** A declared name of three words or more, said by its first and last ("drug test" of `drug_alcohol_tests`). */
function endsOf(phrase: string): string | undefined {
  const ws = phrase.split(' ');
  return ws.length >= 3 ? `${ws[0]} ${ws[ws.length - 1]}` : undefined;
}

function declaredCategory(folded: string, declared: DeclaredCues | undefined): SensitiveCategory | undefined {
  for (const [c, phrases] of declared ?? []) {
    if (phrases.some((p) => hasForm(folded, p) || (endsOf(p) !== undefined && hasForm(folded, endsOf(p) as string)))) return c;
  }
  return undefined;
}

/** One-word cues of five letters or more, for a misspelling one letter away after the first ("pasport", "salarys", "phne"). */
const LONG_CUES = ORDER.flatMap((c) => [...(WORD_CUES.get(c) as ReadonlySet<string>)].filter((w) => w.length >= 5).map((w) => [w, c] as const));

function misspeltCategory(folded: string, question: string): SensitiveCategory | undefined {
  // A name written capitalised past the first word is a name ("Wales"), not a misspelt "wages".
  const names = new Set([...question.matchAll(/(?<=\S\s+)\p{Lu}\p{Ll}+/gu)].map((m) => foldWord(m[0])));
  for (const w of folded.trim().split(' ')) {
    if (w.length < 4 || names.has(w)) continue;
    // A slip keeps the first letter: "rank" is no misspelt "krank".
    const hit = LONG_CUES.find(([cue]) => cue[0] === w[0] && Math.abs(cue.length - w.length) <= 1 && distance(cue, w) === 1);
    if (hit !== undefined) return hit[1];
  }
  return undefined;
}

const REASONS: Readonly<Record<SensitiveCategory, string>> = {
  identifier: 'It asks for a regulated personal identifier, which Ask never returns.',
  pay: "It asks about a person's pay, which Ask does not answer for individuals; ask for an aggregate such as average pay by department.",
  health: "It asks about a person's health, which Ask does not answer for individuals; ask for an aggregate instead.",
  contact: "It asks for a person's contact details, which Ask does not return; ask for counts or shares instead.",
  protected:
    "It asks about a person's protected attributes (such as race, religion, orientation, politics or age), which Ask does not answer for individuals; ask for an aggregate instead.",
};

/**
 * A listing of a sensitive thing of several people: "list the salaries of the front office team",
 * "show staff home addresses": a listing word and a plural or group, counting nothing.
 */
function listsValues(folded: string, aggregate: boolean): boolean {
  if (aggregate) return false;
  const ws = folded.trim().split(' ');
  // A calendar word ("last month") is a group of no one: "which were our best-earning routes last month".
  return ws.some((w) => LISTING.has(w)) && ws.some((w) => (GROUPS.has(w) && !CALENDAR.has(w)) || PEOPLE.has(w) || w === 'guests' || w === 'guest');
}

/**
 * "List the salaries of the vets", "show the phone numbers of our brokers": a sensitive value listed
 * row by row with nothing counted or averaged is asked of individuals, whatever the project calls
 * its people; the noun is not needed to know that. ("each" is not enough: "the commission we pay
 * each broker" is what a business is paid.)
 */
function rowByRow(folded: string, aggregate: boolean): boolean {
  if (aggregate) return false;
  const first = folded.trim().split(' ')[0] ?? '';
  return first === 'list' || first === 'show' || first === 'give';
}

/** What one person takes home, as opposed to what a business pays ("pay", "paid", "commission"). */
const OWN_PAY = new Set(['salary', 'salaries', 'wage', 'wages', 'earnings', 'payslip', 'paycheck', 'bonus', 'bonuses', 'remuneration']);
/** Earning as a verb: the one of "each" who earns, unless the business is who earns ("a seat earns us"). */
const EARNS = /\s(?:each|every)\s+(?:[a-z]+\s+){0,3}(?:earn|earns|earning|earned)\s(?!us\s|for us\s)/;

/**
 * "what does each fraud investigator earn", "the hourly rate every driver is on": one person's own
 * pay asked of each of them, counting nothing. What a business pays each broker is not this.
 */
function eachOnesPay(folded: string, aggregate: boolean): boolean {
  if (aggregate) return false;
  const ws = folded.trim().split(' ');
  if (!ws.some((w) => w === 'each' || w === 'every')) return false;
  return ws.some((w) => OWN_PAY.has(w)) || has(folded, 'hourly rate') || has(folded, 'pay rate') || EARNS.test(folded);
}

/** "passport number of guest 12": "number of" belongs to the identifier, not a count. */
const identifierNumber = (folded: string): boolean => /\s(?:passport|card|account|id|tax|phone|license|licence|visa)\s+(?:number|numbers)\s+of\s/.test(folded);

/** Who pays the business: "which customers pay us slowest" is about invoices, not anyone's pay. */
const PAYERS = new Set([
  'customer',
  'customers',
  'client',
  'clients',
  'payer',
  'payers',
  'debtor',
  'debtors',
  'account',
  'accounts',
  'buyer',
  'buyers',
  'shipper',
  'shippers',
]);
const PAY_VERBS = new Set(['pay', 'pays', 'paid', 'paying', 'payment', 'payments']);
/** Words about what people earn, which keep a question about pay whoever else it names. */
const EARNERS = new Set(['employee', 'employees', 'staff', 'worker', 'workers', 'driver', 'drivers', 'salary', 'salaries', 'wage', 'wages', 'payroll']);

/** The folded question without the paying verbs of a question about customers paying the business. */
function withoutPayers(folded: string): string {
  const ws = folded.trim().split(' ');
  if (!ws.some((w) => PAYERS.has(w)) || ws.some((w) => EARNERS.has(w))) return folded;
  return ` ${ws.filter((w) => !PAY_VERBS.has(w)).join(' ')} `;
}

/**
 * What the question says without the data's own values in it: "OTD for Kelvin Medical" names a
 * customer the data holds, not a person's medical record. `isValue` says whether a phrase is a
 * value the project's data holds (the router's value lexicon).
 */
function withoutValues(question: string, isValue: ((phrase: string) => boolean) | undefined): string {
  if (isValue === undefined) return question;
  return question.replace(/\p{Lu}[\p{L}\p{N}&'-]*(?:\s+\p{Lu}[\p{L}\p{N}&'-]*){0,3}/gu, (m) => (isValue(m) ? ' ' : m));
}

/**
 * Whether every pay word of the question is a word the organisation's certified blocks name their
 * own figures with ("income" where finance reports income by stream), never what one person
 * takes home (salary, wages, bonus): such a word is the organisation's figure unless a person is
 * pointed at.
 */
function ownFigure(folded: string, measures: ReadonlySet<string>): boolean {
  const pay = WORD_CUES.get('pay') as ReadonlySet<string>;
  const said = folded
    .trim()
    .split(' ')
    .filter((w) => pay.has(w));
  const phrased = (PHRASE_CUES.get('pay') as readonly string[]).some((cue) => has(folded, cue));
  return !phrased && said.length > 0 && said.every((w) => measures.has(w) && !OWN_PAY.has(w));
}

/**
 * The finding when the question asks about individuals' sensitive data; undefined when it may go
 * on. `isValue` (optional) names the data's own values, which are never people or cues.
 */
export function sensitiveWording(
  asked: string,
  declared?: DeclaredCues,
  isValue?: (phrase: string) => boolean,
  people: ReadonlySet<string> = NONE,
  measures: ReadonlySet<string> = NONE,
): SensitiveFinding | undefined {
  // Compatibility forms (full-width letters) read as their plain letters from here on.
  const question = withoutValues(asked.normalize('NFKC'), isValue);
  const folded = withoutPayers(fold(question.replace(/[’'][sS]\b/g, ' s')));
  // Listing people whose names the project declares sensitive asks for those names.
  // A phone number or e-mail address in the question finds one person by it, whatever is asked of them.
  if (PERSONAL_REFERENCE.some((r) => r.test(asked.normalize('NFKC')))) return { category: 'identifier', reason: REASONS.identifier };
  const named = people.size > 0 && namesDeclaredPeople(folded, people, measures) ? 'contact' : undefined;
  const worded = category(folded);
  const found = worded ?? declaredCategory(folded, declared) ?? misspeltCategory(folded, question) ?? named;
  if (found === undefined) return undefined;
  const organisations = worded === 'pay' && ownFigure(folded, measures);
  // The "rate" of a pay rate is what is asked, not a ratio computed over people.
  // "the NHS number of patient X", "the mobile number of account holder Y": a number named by the
  // word before it is an identifier of someone, not "the number of" anything counted.
  const unrated = folded.replace(/\s(?:hourly|pay|day)\s+rates?\s/g, ' ').replace(NAMED_NUMBER_OF, ' $1 number for ');
  const aggregate = AGGREGATE.some((a) => hasForm(unrated, a)) && !identifierNumber(folded);
  const aimed =
    individual(question, folded, aggregate, measures) ||
    roleNamed(question, people) ||
    listsPeople(folded, people, true, measures) ||
    (!organisations && (listsValues(folded, aggregate) || rowByRow(folded, aggregate))) ||
    (found === 'pay' && eachOnesPay(folded, aggregate));
  if (found === 'identifier' ? aimed || !aggregate : aimed) return { category: found, reason: REASONS[found] };
  return undefined;
}

export { foldWord };
