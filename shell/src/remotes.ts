import type { LifeCycles } from 'single-spa';
import { remoteContainer } from '@portal/ui/remotes';

declare const __webpack_init_sharing__: (scope: string) => Promise<void>;
declare const __webpack_share_scopes__: { default: unknown };

const initialised = new Set<string>();

/**
 * Dynamic remote loading: the container (@portal/ui/remotes, the loader MFEs' federation `remotes` use too) → the
 * shared scope → container.init → container.get(module).
 */
export async function loadRemote<T = unknown>(name: string, module: string, url?: string): Promise<T> {
  const container = await remoteContainer(name, url);
  await __webpack_init_sharing__('default');
  if (!initialised.has(name)) {
    await container.init(__webpack_share_scopes__.default);
    initialised.add(name);
  }
  const factory = await container.get(module);
  return factory() as T;
}

/** The single-spa lifecycles an MFE exposes as ./app. */
export const loadMfe = (name: string, url: string) => loadRemote<LifeCycles>(name, './app', url);
