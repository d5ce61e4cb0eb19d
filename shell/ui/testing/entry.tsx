// The browser side of component.ts: builds PortalProps over fetch (the shell's api rules: JSON, ApiError with the
// server's message), renders the subject inside the same providers the shell and App use, and sets html.pu-mobile
// at the portal's breakpoint as the shell does.
import type { ComponentType } from 'react';
import { createRoot } from 'react-dom/client';
import { MOBILE_BREAKPOINT_PX } from '@portal/contracts';
import {
  ApiError,
  PortalProvider,
  QueryProvider,
  Toaster,
  serverMessage,
  type ApiClient,
  type PortalProps,
  type SessionUser,
} from '@portal/ui';
import '@portal/ui/styles.css';
// Resolved by the harness (esbuild alias) to the module under test.
import * as subject from 'portal-test-subject';

interface Setup {
  user: SessionUser | null;
  exportName?: string;
  props?: Record<string, unknown>;
  overlay?: boolean;
  config?: Record<string, unknown>;
}

async function call<T>(method: string, path: string, body?: unknown): Promise<T> {
  const res = await fetch(path, {
    method,
    headers: body === undefined ? {} : { 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const json: unknown = await res.json().catch(() => undefined);
  if (!res.ok) throw new ApiError(res.status, serverMessage(json, `Request failed (${res.status})`), json);
  return json as T;
}

const api: ApiClient = {
  get: (p) => call('GET', p),
  post: (p, b) => call('POST', p, b),
  put: (p, b) => call('PUT', p, b),
  del: (p) => call('DELETE', p),
};

const setup = (await (await fetch('/setup.json')).json()) as Setup;
const mobile = window.matchMedia(`(max-width: ${MOBILE_BREAKPOINT_PX}px)`).matches;
document.documentElement.classList.toggle('pu-mobile', mobile);

const portal: PortalProps = {
  api,
  session: {
    user: setup.user,
    login: () => Promise.reject(new Error('no login in component tests')),
    logout: () => Promise.resolve(),
    subscribe: () => () => undefined,
    requestAction: () => Promise.reject(new Error('no Keycloak actions in component tests')),
    takeActionResult: () => null,
  },
  config: setup.config ?? {},
  navigate: (path) => window.history.pushState(null, '', path),
};

const exports = subject as unknown as Record<string, ComponentType<Record<string, unknown>>>;
const Subject = exports[setup.exportName ?? 'default']!;
const props = setup.overlay ? { portal, user: setup.user } : (setup.props ?? {});
createRoot(document.getElementById('portal-main')!).render(
  <PortalProvider value={portal}>
    <QueryProvider>
      <Subject {...props} />
      <Toaster />
    </QueryProvider>
  </PortalProvider>,
);
