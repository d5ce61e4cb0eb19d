// The one remote loader (src/remotes.ts) as the MFE webpack factory inlines it into a consuming MFE's federation
// `remotes`: the factory's own string, made by plain Node as webpack makes it, run in a bare page-like context with
// nothing but window, document, fetch and timers — so it must be self-contained, and it finds, loads once, reuses
// and fails the way the shell's loader does.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import vm from 'node:vm';

const factory = path.join(path.dirname(fileURLToPath(import.meta.url)), '../webpack/mfe.cjs');
const made = spawnSync(
  process.execPath,
  ['-e', `process.stdout.write(require(${JSON.stringify(factory)}).runtimeRemotes(['fleet']).mfe_fleet)`],
  { encoding: 'utf8' },
);
assert.equal(made.status, 0, made.stderr);
const external = made.stdout;

interface Container {
  get(m: string): Promise<() => unknown>;
  init(s: unknown): unknown;
}

/** A page: /remotes.json names `remotes`; a script at a URL in `good` defines window.mfe_fleet, any other fails. */
function page(remotes: Record<string, string>, good = new Set(['/mfe/fleet/remoteEntry.js'])) {
  const scripts: string[] = [];
  const fetched: string[] = [];
  const scopes: unknown[] = [];
  const window: Record<string, unknown> = {};
  const document = {
    createElement: () => ({ src: '', async: false, onload: () => {}, onerror: () => {}, remove: () => {} }),
    head: {
      appendChild(s: { src: string; onload(): void; onerror(): void }) {
        scripts.push(s.src);
        setTimeout(() => {
          if (!good.has(s.src)) return s.onerror();
          window.mfe_fleet = {
            get: async (m: string) => () => `module ${m}`,
            init: (scope: unknown) => {
              scopes.push(scope);
              if (scopes.length > 1) throw new Error('Container initialization failed: already initialised');
            },
          };
          s.onload();
        }, 5);
      },
    },
  };
  const fetch = async (url: string) => {
    fetched.push(url);
    return { ok: true, json: async () => remotes };
  };
  const context = vm.createContext({ window, document, fetch, setTimeout });
  const load = (): Promise<Container> => vm.runInContext(external.replace(/^promise /, ''), context);
  return { load, scripts, fetched, window, inits: () => scopes };
}

const failsWith = (re: RegExp) => (e: unknown) => re.test((e as Error).message);

test("the factory's remote is webpack's promise external of the one loader, behind the lazy stand-in", () => {
  assert.match(external, /^promise \(function lazyRemote\(/);
  assert.match(external, /\)\(function remoteContainer\(/);
  assert.match(external, /, "fleet"\)$/);
});

test('sharing starts without loading the remote: its remoteEntry.js loads on the first get, with the scope it was given', async () => {
  const p = page({ fleet: '/mfe/fleet/remoteEntry.js' });
  const remote = await p.load();
  remote.init({ shared: 'scope' }); // webpack's initExternal, when the consuming bundle starts
  await new Promise((r) => setTimeout(r, 20));
  assert.deepEqual(p.fetched, [], 'no /remotes.json read');
  assert.deepEqual(p.scripts, [], 'no remoteEntry.js loaded before a module of it is asked for');
  assert.equal((await remote.get('./WeeklySchedule'))(), 'module ./WeeklySchedule');
  assert.deepEqual(p.scripts, ['/mfe/fleet/remoteEntry.js']);
  assert.deepEqual(p.inits(), [{ shared: 'scope' }], 'the real container got the share scope');
});

test('finds the URL in /remotes.json, loads the script once for two imports, gets modules, tolerates a second init', async () => {
  const p = page({ fleet: '/mfe/fleet/remoteEntry.js' });
  const [a, b] = await Promise.all([p.load(), p.load()]);
  a.init({});
  b.init({});
  assert.equal((await a.get('./app'))(), 'module ./app');
  assert.equal((await b.get('./other'))(), 'module ./other'); // the host initialised it first: no throw
  assert.deepEqual(p.scripts, ['/mfe/fleet/remoteEntry.js'], 'a container on the page is reused');
});

test('a remote /remotes.json does not name, or a script that fails, rejects (the consumer shows its fallback)', async () => {
  await assert.rejects(
    page({})
      .load()
      .then((r) => r.get('./app')),
    failsWith(/\/remotes\.json names no fleet remote/),
  );
  const p = page({ fleet: '/mfe/fleet/missing/remoteEntry.js' });
  const remote = await p.load();
  remote.init({});
  await assert.rejects(
    remote.get('./app'),
    failsWith(/Could not load \/mfe\/fleet\/missing\/remoteEntry\.js/),
  );
  await assert.rejects(remote.get('./app'), failsWith(/Could not load/));
  assert.equal(p.scripts.length, 2, 'a failed load is forgotten, so the next import tries again');
});
