import type { AppConfig } from '@portal/contracts';
import { Link } from '@portal/ui';
import { frameText } from '../config.js';

/** Footer (accounts §1): "Powered by" the provider, a privacy link and the copyright with the current year. */
export function Footer({ config }: { config: AppConfig }) {
  const { provider, providerUrl, privacyUrl } = frameText(config);
  const year = new Date().getFullYear();
  return (
    <div className="sh-footer" data-testid="footer">
      <span>
        Powered by{' '}
        {providerUrl ? (
          <a href={providerUrl} target="_blank" rel="noreferrer">
            {provider}
          </a>
        ) : (
          <strong>{provider}</strong>
        )}
      </span>
      <span>
        {/^https?:/.test(privacyUrl) ? (
          <a href={privacyUrl}>Privacy Policy</a>
        ) : (
          <Link to={privacyUrl}>Privacy Policy</Link>
        )}
        <span className="sh-sep">·</span>© {year} {provider}. All rights reserved.
      </span>
    </div>
  );
}
