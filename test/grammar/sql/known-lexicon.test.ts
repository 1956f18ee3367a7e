import { describe, expect, it } from 'vitest';
import { DRIVERS, knownLexicon, UnreadableStatement } from '../../../grammar/sql/index.js';

describe('knownLexicon', () => {
  it.each(DRIVERS)('%s describes strings, names, comments and settings', (driver) => {
    const lexicon = knownLexicon(driver);
    expect(lexicon.driver).toBe(driver);
    expect(lexicon.strings.length).toBeGreaterThan(0);
    expect(lexicon.comments.some((c) => c.startsWith('/*'))).toBe(true);
    expect(lexicon.refuses).toContain('nested-comment');
  });

  it('names the settings whose readings must agree', () => {
    expect(knownLexicon('postgresql').settings).toEqual(['standard_conforming_strings']);
    expect(knownLexicon('mysql').settings).toEqual(['NO_BACKSLASH_ESCAPES', 'ANSI_QUOTES']);
    expect(knownLexicon('mysql').readings).toBe(3);
    expect(knownLexicon('sqlite').settings).toEqual([]);
  });

  it('refuses an unknown driver', () => {
    expect(() => knownLexicon('oracle')).toThrow(UnreadableStatement);
  });
});
