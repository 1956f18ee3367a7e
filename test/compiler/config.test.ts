import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig, parseConfigText } from '../../src/compiler/project/config.js';
import { cleanupProjects, makeProject } from '../helpers/project.js';

afterAll(cleanupProjects);

describe('svc.config.json', () => {
  const cases: Array<[string, string, Array<[string, string]>]> = [
    ['minimal', '{"project":"p"}', []],
    [
      'full',
      JSON.stringify({
        project: 'commerce',
        connections: { default: { driver: 'sqlite', path: 'w.db' } },
        contracts: { manifestPath: 'c.json' },
        certification: { rules: 'oss' },
        rules: [],
      }),
      [],
    ],
    ['missing project', '{}', [['config/invalid', '/project']]],
    ['unknown key', '{"project":"p","projet":"x"}', [['config/invalid', '/projet']]],
    ['bad driver', '{"project":"p","connections":{"default":{"driver":"oracle"}}}', [['config/invalid', '/connections/default/driver']]],
    ['wrong type', '{"project":7}', [['config/invalid', '/project']]],
    [
      'two problems',
      '{"project":"p","certification":{"rules":"gold"},"contracts":{"manifestPath":3}}',
      [
        ['config/invalid', '/certification/rules'],
        ['config/invalid', '/contracts/manifestPath'],
      ],
    ],
    ['not json', '{"project": }', [['config/invalid-json', '']]],
    [
      'a server connection',
      JSON.stringify({
        project: 'p',
        connections: {
          pg: {
            driver: 'postgresql',
            host: 'db',
            port: 5432,
            database: 'd',
            user: 'u',
            passwordEnv: 'PG_PASSWORD',
            sslmode: 'verify-full',
            sslRootCert: 'ca.pem',
          },
          ch: { driver: 'clickhouse', host: 'c', protocol: 'https' },
        },
      }),
      [],
    ],
    [
      'a password written in the config',
      JSON.stringify({ project: 'p', connections: { pg: { driver: 'postgresql', host: 'db', password: 'hunter2' } } }),
      [['config/password-in-config', '/connections/pg/password']],
    ],
    [
      'a port out of range and an unknown TLS mode',
      JSON.stringify({ project: 'p', connections: { pg: { driver: 'postgresql', host: 'db', port: 70000, sslmode: 'prefer' } } }),
      [
        ['config/invalid', '/connections/pg/port'],
        ['config/invalid', '/connections/pg/sslmode'],
      ],
    ],
    [
      'a variable name that is no name',
      JSON.stringify({ project: 'p', connections: { pg: { driver: 'postgresql', host: 'db', passwordEnv: '$(cat /etc/passwd)' } } }),
      [['config/invalid', '/connections/pg/passwordEnv']],
    ],
  ];
  it.each(cases)('%s', (_name, text, expected) => {
    const r = parseConfigText(text);
    const got = r.diagnostics.map((d) => [d.code, String(d.data?.['pointer'] ?? '')]);
    expect(got.sort()).toEqual(expected.sort());
    expect(r.config === undefined).toBe(expected.length > 0);
    for (const d of r.diagnostics) expect(d.file).toBe('svc.config.json');
  });

  it('reports a missing config with its folder', () => {
    const dir = makeProject({ 'x.txt': '' });
    const r = loadConfig({ project: dir });
    expect(r.diagnostics.map((d) => d.code)).toEqual(['config/missing']);
  });

  it('finds the project root above the working folder', () => {
    const dir = makeProject({ 'svc.config.json': '{"project":"p"}', 'domains/a/blocks/x.svc': '' });
    const r = loadConfig({ cwd: `${dir}/domains/a/blocks` });
    expect(r.root).toBe(dir);
    expect(r.config?.project).toBe('p');
  });
});

describe('configuration problems surface when the project compiles', () => {
  it.each([
    ['an ftp provider address', 'ftp://x'],
    ['a bare host', 'models.example.test'],
    ['a file URL', 'file:///etc/passwd'],
  ])('refuses %s at its JSON pointer', (_, baseUrl) => {
    const r = parseConfigText(JSON.stringify({ project: 'p', ask: { provider: { kind: 'openai-compatible', baseUrl } } }));
    expect(r.diagnostics.map((d) => [d.code, (d.data as Record<string, string>)['pointer']])).toEqual([['config/invalid', '/ask/provider/baseUrl']]);
  });

  it('takes http and https addresses', () => {
    for (const baseUrl of ['http://127.0.0.1:11434/v1', 'https://api.example.test/v1']) {
      expect(parseConfigText(JSON.stringify({ project: 'p', ask: { provider: { kind: 'openai-compatible', baseUrl } } })).diagnostics).toEqual([]);
    }
  });

  it('locates invalid JSON by line and column', () => {
    const r = parseConfigText('{\n  "project": "p",\n  "x": 1,\n}\n');
    const d = r.diagnostics[0];
    expect(d?.code).toBe('config/invalid-json');
    expect(d?.span?.start).toMatchObject({ line: 4, column: 1 });
    expect((d?.data as Record<string, string>)['problem']).toMatch(/line 4, column 1/);
    expect((d?.data as Record<string, string>)['problem']).not.toMatch(/position/);
  });
});
