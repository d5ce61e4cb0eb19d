// The boundaries a build enforces (docs/decisions/013-mfe-boundaries.md): an MFE, the shell or a service imports
// another one only through its public entry — a package's "exports", a federated remote (mfeConfig `remotes`), the
// HTTP API — never its source, its tests included. One block per unit: `no-restricted-imports` for import/export
// declarations, `no-restricted-syntax` for what that rule does not see (import(), require()), so eslint (the static
// suite) fails on `../../mfe-orders/src/…`, `@portal/routing-service/src/…` or a value import of another MFE.
// Outside any unit: the browser suites (e2e/, mfe-*/e2e: the whole system under test), deploy/, bench/, scripts/.
import { readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '../..');
const dirs = (parent) =>
  readdirSync(join(root, parent), { withFileTypes: true })
    .filter((e) => e.isDirectory() && e.name !== 'node_modules')
    .map((e) => e.name);

const WHY =
  "another unit's source: use its public entry (package.json exports), its federated remote or its HTTP API";
/** Any package's internals (`@portal/x/src/…`), whatever the importer. */
const INTERNALS = {
  regex: '^@portal/[^/]+/(?:src|test)(?:/|$)',
  message: `A package's internals are ${WHY}.`,
};
/** Another MFE's code reaches a bundle only through Module Federation; its types may be imported. */
const MFE = {
  regex: '^@portal/mfe-',
  message:
    "Another MFE's code comes through Module Federation (webpack.config.cjs `remotes`, import('mfe_<name>/<module>')); import only its types.",
};
/** A relative path climbing into another unit's folder. */
const relative = (names) => ({ regex: `^(?:\\.\\./)+(?:${names})/`, message: `That path reaches ${WHY}.` });

/** import('…') and require('…') of a restricted path (esquery regexes take no '/': written \x2F). */
const calls = (patterns) =>
  patterns.flatMap(({ regex, message }) => {
    const re = `/${regex.replaceAll('/', '\\x2F')}/`;
    return [
      { selector: `ImportExpression[source.value=${re}]`, message },
      { selector: `CallExpression[callee.name="require"][arguments.0.value=${re}]`, message },
    ];
  });

const block = (files, rel) => ({
  files,
  rules: {
    '@typescript-eslint/no-restricted-imports': [
      'error',
      { patterns: [INTERNALS, { ...MFE, allowTypeImports: true }, rel] },
    ],
    'no-restricted-syntax': ['error', ...calls([INTERNALS, MFE, rel])],
  },
});

const mfes = dirs('.').filter((d) => d.startsWith('mfe-'));
const services = dirs('services');
const code = (d) => [`${d}/src/**`, `${d}/test/**`, `${d}/*.{js,cjs,mjs,ts}`];

export const boundaries = [
  ...mfes.map((m) => block(code(m), relative(`mfe-(?!${m.slice(4)}/)[\\w-]+|shell|services`))),
  block([...code('shell'), 'shell/scripts/**'], relative('mfe-[\\w-]+|services|ui')),
  block(['shell/ui/**'], relative('mfe-[\\w-]+|services')),
  ...services.map((s) => {
    const others = services.filter((o) => o !== s).join('|');
    return block(
      [`services/${s}/**`],
      relative(`mfe-[\\w-]+|shell|(?:services/)?(?:${others})/(?:src|test|testing)`),
    );
  }),
];
