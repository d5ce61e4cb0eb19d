import type { AppConfig } from '@portal/contracts';
import { Modal } from '@portal/ui';
import { frameText } from '../config.js';

/** Switch Env: open the same portal on another configured environment (config key `environments`). */
export function SwitchEnvDialog({
  open,
  onClose,
  config,
}: {
  open: boolean;
  onClose: () => void;
  config: AppConfig;
}) {
  const envs = frameText(config).environments.filter(
    (e) => e.url && !e.url.startsWith(window.location.origin),
  );
  return (
    <Modal open={open} onClose={onClose} title="Switch Environment" testId="switch-env">
      <p>
        You are on <strong>{window.location.host}</strong>.
      </p>
      {envs.length ? (
        <ul className="sh-env-list">
          {envs.map((e) => (
            <li key={e.url}>
              <a href={e.url}>{e.name}</a> <span className="pu-muted">{e.url}</span>
            </li>
          ))}
        </ul>
      ) : (
        <p className="pu-muted">No other environments are configured for this portal.</p>
      )}
    </Modal>
  );
}
