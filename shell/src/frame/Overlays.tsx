import { Component, Suspense, lazy, useMemo, type ComponentType, type ReactNode } from 'react';
import type { MfeOverlayProps, PortalProps, SessionUser } from '@portal/ui';
import type { Remotes } from '../manifests.js';
import { loadRemote } from '../remotes.js';

/** An overlay that throws renders nothing: domain UI outside any page must never take the frame down. */
class Quiet extends Component<{ name: string; children: ReactNode }, { failed: boolean }> {
  state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  componentDidCatch(e: unknown) {
    console.error(`overlay ${this.props.name} failed`, e);
  }
  render() {
    return this.state.failed ? null : this.props.children;
  }
}

/** The overlays every manifest lists (README "MFE manifests"), loaded from their remotes once someone signs in. */
export function Overlays({
  remotes,
  portal,
  user,
}: {
  remotes: Remotes;
  portal: PortalProps;
  user: SessionUser;
}) {
  const overlays = useMemo(
    () =>
      remotes.manifests.flatMap((m) =>
        (m.overlays ?? []).map((module) => ({
          id: `${m.name}${module.slice(1)}`,
          Overlay: lazy(() =>
            loadRemote<{ default: ComponentType<MfeOverlayProps> }>(m.name, module, remotes.urls[m.name]!),
          ),
        })),
      ),
    [remotes],
  );
  return (
    <>
      {overlays.map(({ id, Overlay }) => (
        <Quiet key={id} name={id}>
          <Suspense fallback={null}>
            <Overlay portal={portal} user={user} />
          </Suspense>
        </Quiet>
      ))}
    </>
  );
}
