/**
 * The per-question memo of the Ask path: a question asked again over the same router reads back
 * what was worked out (the work runs once), another router works it out afresh, and each router
 * keeps at most 1,024 results, the oldest going first.
 */
import { describe, expect, it } from 'vitest';
import { questionMemo } from '../../../src/runtime/agent-runs/question-memo.js';

describe('questionMemo', () => {
  const cases: Array<{ name: string; asks: Array<[router: 'a' | 'b', key: string]>; works: number }> = [
    {
      name: 'the same question over one router is worked out once',
      asks: [
        ['a', 'q1'],
        ['a', 'q1'],
        ['a', 'q1'],
      ],
      works: 1,
    },
    {
      name: 'another question is worked out',
      asks: [
        ['a', 'q1'],
        ['a', 'q2'],
        ['a', 'q1'],
      ],
      works: 2,
    },
    {
      name: 'another router works the same question out afresh',
      asks: [
        ['a', 'q1'],
        ['b', 'q1'],
        ['b', 'q1'],
      ],
      works: 2,
    },
    {
      name: 'past 1,024 results the oldest is worked out again, the newest is kept',
      asks: [...Array.from({ length: 1025 }, (_, i) => ['a', `q${i}`] as ['a', string]), ['a', 'q1024'], ['a', 'q0']],
      works: 1026,
    },
  ];
  for (const c of cases)
    it(c.name, () => {
      const memo = questionMemo();
      const routers = { a: {}, b: {} };
      let works = 0;
      for (const [router, key] of c.asks) expect(memo(routers[router], key, () => (works++, `${key}!`))).toBe(`${key}!`);
      expect(works).toBe(c.works);
    });

  it('keeps an undefined result as a result', () => {
    const memo = questionMemo();
    const router = {};
    let works = 0;
    for (let i = 0; i < 3; i++) expect(memo(router, 'q', () => void works++)).toBeUndefined();
    expect(works).toBe(1);
  });
});
