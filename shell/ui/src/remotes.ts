// Finding a Module Federation remote at run time: the one implementation the shell (the host, shell/src/remotes.ts)
// and every MFE that consumes another MFE's module (webpack/mfe.cjs `remotes`) use. A remote's remoteEntry.js URL is
// read from /remotes.json on the page, never baked into a build, so each MFE deploys on its own.

/** A federated container as an MFE's remoteEntry.js defines it on window (library type 'window', mfe_<name>). */
export interface RemoteContainer {
  init(shareScope: unknown): Promise<void> | void;
  get(module: string): Promise<() => unknown>;
}

/**
 * The container of remote `name` (window.mfe_<name>). Its remoteEntry.js is loaded once per page, from `url` or from
 * the URL /remotes.json names; a container already on the page (the shell or another MFE loaded it) is reused. The
 * returned `init` tolerates a container initialised before (a container refuses a second share scope; every bundle
 * on a page shares the one the host made). A missing entry or a script that fails rejects, for the caller's fallback.
 *
 * Self-contained on purpose: the MFE webpack factory puts this function's source into a consuming MFE's federation
 * `remotes` (Function.prototype.toString), so its body uses nothing but its parameters and browser globals (no
 * imports, no module-level names, no syntax newer than ES2020). test/remotes.test.ts runs the factory's copy.
 */
export function remoteContainer(name: string, url?: string): Promise<RemoteContainer> {
  const w = window as unknown as Record<string, unknown>;
  const scope = 'mfe_' + name;
  // scripts loading or loaded, by URL, shared by every bundle on the page; a failed load is forgotten (retry works)
  const loads = (w.__portalRemoteScripts || (w.__portalRemoteScripts = {})) as Record<string, Promise<void>>;
  const load = (src: string): Promise<void> => {
    if (!loads[src]) {
      loads[src] = new Promise<void>((resolve, reject) => {
        const s = document.createElement('script');
        s.src = src;
        s.async = true;
        s.onload = () => resolve();
        s.onerror = () => {
          delete loads[src];
          s.remove();
          reject(new Error('Could not load ' + src));
        };
        document.head.appendChild(s);
      });
    }
    return loads[src];
  };
  const find = async (): Promise<string> => {
    if (url) return url;
    const res = await fetch('/remotes.json', { cache: 'no-cache' });
    const urls = res.ok ? ((await res.json()) as Record<string, string | undefined>) : {};
    const found = urls[name];
    if (!found) throw new Error('/remotes.json names no ' + name + ' remote');
    return found;
  };
  return (async () => {
    let src = 'window.' + scope;
    if (!w[scope]) {
      src = await find();
      await load(src);
    }
    const c = w[scope] as RemoteContainer | undefined;
    if (!c) throw new Error(src + ' did not define the container ' + scope);
    return {
      get: (module: string) => c.get(module),
      init: (shareScope: unknown) => {
        try {
          return c.init(shareScope);
        } catch {
          // initialised already, with the page's one share scope
        }
      },
    };
  })();
}
