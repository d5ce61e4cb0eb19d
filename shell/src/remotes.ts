import type { LifeCycles } from 'single-spa';

declare const __webpack_init_sharing__: (scope: string) => Promise<void>;
declare const __webpack_share_scopes__: { default: unknown };

interface Container {
  init(scope: unknown): Promise<void> | void;
  get(module: string): Promise<() => unknown>;
}

const scripts = new Map<string, Promise<void>>();
function loadScript(url: string): Promise<void> {
  let p = scripts.get(url);
  if (!p) {
    p = new Promise<void>((resolve, reject) => {
      const s = document.createElement('script');
      s.src = url;
      s.async = true;
      s.onload = () => resolve();
      s.onerror = () => {
        scripts.delete(url);
        s.remove();
        reject(new Error(`Could not load ${url}`));
      };
      document.head.appendChild(s);
    });
    scripts.set(url, p);
  }
  return p;
}

const initialised = new Set<string>();

/** Dynamic remote loading: script → shared scope → container.init → container.get(module). */
export async function loadRemote<T = unknown>(url: string, scope: string, module: string): Promise<T> {
  await loadScript(url);
  await __webpack_init_sharing__('default');
  const container = (window as unknown as Record<string, Container | undefined>)[scope];
  if (!container) throw new Error(`${url} did not define the container ${scope}`);
  if (!initialised.has(scope)) {
    await container.init(__webpack_share_scopes__.default);
    initialised.add(scope);
  }
  const factory = await container.get(module);
  return factory() as T;
}

/** The single-spa lifecycles an MFE exposes as ./app. */
export const loadMfe = (name: string, url: string) => loadRemote<LifeCycles>(url, `mfe_${name}`, './app');
