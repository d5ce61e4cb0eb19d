// What the spec-coverage test reads: the quoted texts and the calls of both specs (../shared/spec beside the repo,
// as CI clones it), the contracts' source and the services' route tables. Deterministic: plain text rules, no guessing.
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = join(dirname(fileURLToPath(import.meta.url)), '..');
export const specDir = process.env.PORTAL_SPEC_DIR ?? join(root, '..', 'shared', 'spec');
export const SPECS = ['accounts-and-identity.md', 'orders-and-operations.md'];

export const readSpec = (name) => {
  const file = join(specDir, name);
  if (!existsSync(file)) throw new Error(`${file} is missing: the specs live in ../shared beside the repo`);
  return readFileSync(file, 'utf8');
};

/**
 * Every quoted text of a spec, with its line: "…" first, then '…' on what is left of the line. A single quote opens
 * only after a non-letter and closes only before one, so the apostrophes of "doesn't" and "drivers'" stay inside.
 */
export function quotesOf(text) {
  const out = [];
  for (const [i, line] of text.split('\n').entries()) {
    for (const m of line.matchAll(/"([^"\n]+)"/g)) out.push({ line: i + 1, text: m[1] });
    const rest = line.replace(/"[^"\n]*"/g, '""');
    for (const m of rest.matchAll(/(?<!\w)'((?:[^'\n]|(?<=\w)'(?=\w))+)'(?!\w)/g))
      out.push({ line: i + 1, text: m[1] });
  }
  return out;
}

/**
 * Every call of a spec: "METHOD /path" and the paths listed after it with commas ("POST /users/create,
 * /users/update"), which share its method. A query string and a sentence's full stop are not part of the path;
 * path parameters ({id}, :id) compare as one placeholder.
 */
export function endpointsOf(text) {
  const out = [];
  for (const [i, line] of text.split('\n').entries())
    for (const m of line.matchAll(/\b(GET|POST|PUT|PATCH|DELETE) (\/[\w/{}.-]*)((?:,\s*\/[\w/{}.-]+)*)/g)) {
      const more = m[3].split(',').map((p) => p.trim());
      for (const path of [m[2], ...more].filter(Boolean))
        out.push({ line: i + 1, method: m[1], path: normalPath(path) });
    }
  return out;
}

export const normalPath = (p) =>
  p
    .replace(/\.$/, '')
    .replace(/\{\w+\}|:\w+/g, '{}')
    .replace(/\/$/, '') || '/';

const SKIP = new Set(['node_modules', 'dist', 'dist-bench', 'dist-a', 'test', 'e2e', 'scripts']);
export const sourceFiles = (dir) =>
  !existsSync(dir)
    ? []
    : readdirSync(dir, { withFileTypes: true }).flatMap((d) =>
        d.isDirectory()
          ? SKIP.has(d.name)
            ? []
            : sourceFiles(join(dir, d.name))
          : /\.(ts|tsx)$/.test(d.name) && !/\.(test|spec)\.tsx?$/.test(d.name)
            ? [join(dir, d.name)]
            : [],
      );

const services = () =>
  readdirSync(join(root, 'services')).filter((s) => existsSync(join(root, 'services', s, 'src')));

/** The contracts' source: where the user-facing messages live, word for word. */
export const contractsText = () =>
  sourceFiles(join(root, 'services/contracts/src'))
    .map((f) => readFileSync(f, 'utf8'))
    .join('\n');

/** The product's source beyond contracts (services, MFEs, shell), file by file. */
export const productFiles = () => {
  const mfes = readdirSync(root).filter((d) => d.startsWith('mfe-'));
  const dirs = [
    ...services()
      .filter((s) => s !== 'contracts')
      .map((s) => `services/${s}/src`),
    ...mfes.map((m) => `${m}/src`),
    'shell/src',
    'shell/ui/src',
  ];
  return dirs.flatMap((d) => sourceFiles(join(root, d)).map((f) => readFileSync(f, 'utf8')));
};
/**
 * The login theme (Keycloak's sign-in page in the portal's words): it uses the spec's sign-in messages, but writes them
 * out in i18n.ts because Keycloakify reads that file as text at build time; its jar test and browser spec prove each
 * copy equals contracts. Counted as a use, not searched for copies.
 */
export const themeFiles = () =>
  sourceFiles(join(root, 'login-theme/src')).map((f) => readFileSync(f, 'utf8'));
/** The product's source as one text: where labels and field names live. */
export const productText = () => productFiles().join('\n');
/** The contracts' source, file by file. */
export const contractsFiles = () =>
  sourceFiles(join(root, 'services/contracts/src')).map((f) => readFileSync(f, 'utf8'));

/**
 * The services' route tables: `app.get|post|…(path, …)` under services/<name>/src, mounted under /api by the kit.
 * The path argument may be a literal or a choice between literals (`undelete ? '/orders/undelete' : '/orders/delete'`).
 */
export function routeTable() {
  const routes = new Map();
  for (const s of services())
    for (const file of sourceFiles(join(root, 'services', s, 'src'))) {
      const src = readFileSync(file, 'utf8');
      for (const m of src.matchAll(/\bapp\.(get|post|put|patch|delete)(?:<[^>]*>)?\(\s*([^,{]+?),/g))
        for (const p of m[2].matchAll(/['"`](\/[^'"`]*)['"`]/g))
          routes.set(`${m[1].toUpperCase()} ${normalPath(p[1])}`, `services/${s}/${file.split(`/${s}/`)[1]}`);
    }
  return routes;
}

const escape = (s) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * A spec text as a whole string literal of the code: its placeholders ({message}, {n}, "...") are a template's
 * `${…}`; the rest is word for word, trailing spaces included.
 */
export const literalPattern = (text) =>
  new RegExp(
    '(?<q>[\'"`])' +
      text
        .split(/\{[^}]*\}|\.\.\.|…/)
        .map(escape)
        .join('\\$\\{[^}]+\\}') +
      '\\k<q>',
  );

/**
 * The contracts names a spec message is defined under: `key: 'text'`, `key: (m) => \`…${m}\``, or
 * `const NAME = 'text'`, with `kind` telling an object key from a constant.
 */
export function definitionsOf(text, contracts) {
  const lit = literalPattern(text).source;
  const fn = String.raw`(?:\([^)]*\)\s*(?::\s*\w+\s*)?=>\s*)?`;
  const keys = [...contracts.matchAll(new RegExp(String.raw`(\w+)\s*:\s*` + fn + lit, 'g'))];
  const consts = [
    ...contracts.matchAll(new RegExp(String.raw`const\s+(\w+)\s*(?::[^=]+)?=\s*` + fn + lit, 'g')),
  ];
  // the object a key belongs to: the last `export const Name = {` before it
  const ownerAt = (at) => [...contracts.slice(0, at).matchAll(/export const (\w+)\s*=\s*\{/g)].at(-1)?.[1];
  return [
    ...keys.map((m) => ({ name: m[1], kind: 'key', owner: ownerAt(m.index) })),
    ...consts.map((m) => ({ name: m[1], kind: 'const' })),
  ];
}

/**
 * Whether a definition is used beyond itself in `files` (contracts' and the product's sources): a key by property
 * access (`OrderMessages.key`, `M.key`) or destructuring in a file that names its object (so RouteMessages.createFailed
 * does not count for OrderMessages.createFailed), a constant by any second mention of its name.
 */
export function isUsed({ name, kind, owner }, files) {
  if (kind !== 'key') return files.join('\n').match(new RegExp(String.raw`\b${name}\b`, 'g'))?.length > 1;
  const access = new RegExp(String.raw`\.${name}\b|[{,]\s*${name}\s*[,}]`);
  const names = owner ? new RegExp(String.raw`\b${owner}\b`) : /./;
  return files.some((f) => names.test(f) && access.test(f));
}

/** Source without its comments (block comments, whole-line and trailing `// …`), where specs are often quoted. */
export const uncommented = (src) =>
  src
    .replace(/\/\*[\s\S]*?\*\//g, '')
    .replace(/^\s*\/\/.*$/gm, '')
    .replace(/\s\/\/\s.*$/gm, '');

// `node scripts/spec-coverage.mjs`: the list itself — each quoted text and call of both specs, and where the code
// has it (the test, scripts/spec-coverage.test.mjs, fails on any that is missing).
if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const { QUOTE_ALLOW, ENDPOINT_ALLOW } = await import('./spec-coverage.allow.mjs');
  const contracts = contractsText();
  const routes = routeTable();
  for (const name of SPECS) {
    const text = readSpec(name);
    console.log(`\n${name}: quoted texts`);
    for (const q of quotesOf(text)) {
      const defs = definitionsOf(q.text, contracts).map((d) => d.name);
      const where =
        q.text in QUOTE_ALLOW
          ? `allow-listed: ${QUOTE_ALLOW[q.text].reason}`
          : defs.length
            ? `contracts ${defs.join(', ')}`
            : 'MISSING from contracts';
      console.log(`  ${q.line}\t"${q.text}"\t${where}`);
    }
    console.log(`\n${name}: calls`);
    for (const e of endpointsOf(text)) {
      const key = `${e.method} ${e.path}`;
      const where =
        routes.get(key) ?? (ENDPOINT_ALLOW[key] ? `not served: ${ENDPOINT_ALLOW[key].reason}` : 'MISSING');
      console.log(`  ${e.line}\t${key}\t${where}`);
    }
  }
}
