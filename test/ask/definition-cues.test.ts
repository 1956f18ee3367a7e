/**
 * The wordings that ask what something means (asksDefinition), against wordings that ask how
 * much of it there is: a definition question is answered from a term, a data question from a
 * block, so a data question read as a definition loses its answer.
 */
import { describe, expect, it } from 'vitest';
import { asksDefinition } from '../../src/ask/term-index.js';

describe('asksDefinition', () => {
  it.each([
    'What do we mean by active customer?',
    'Define average order value',
    'How is CO2e defined?',
    'how are no-shows counted?',
    'How is on-time delivery measured',
    'how is the occupancy rate calculated?',
    'How do we calculate contribution margin?',
    'how does finance work out net revenue',
    'What is the formula for RevPAR?',
    "what's the methodology behind the churn rate",
    'What goes into cost per km?',
    'what does revenue include?',
    'What is included in ARR?',
  ])('asks a definition: %s', (q) => expect(asksDefinition(q)).toBe(true));

  it.each([
    'How is revenue trending by month?',
    'how are sales doing in Texas',
    'How is occupancy this month?',
    'how many drivers do we have at each depot?',
    'How much CO2 did we emit last year?',
    'revenue by month',
    'How did we do last week?',
  ])('asks for data: %s', (q) => expect(asksDefinition(q)).toBe(false));
});
