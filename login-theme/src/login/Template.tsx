import { useEffect } from 'react';
import type { TemplateProps } from 'keycloakify/login/TemplateProps';
import type { KcContext } from './KcContext';
import type { I18n } from './i18n';
import { Logo } from './Logo';
import { decodeEntities } from './text';
import './portal.css';

/**
 * Every themed page's frame, in the portal's look (the shell's colours, font and logo; no antd, no portal bundle):
 * the brand bar, one card with the page title, Keycloak's message for the page, the page, its info line.
 */
export default function Template(props: TemplateProps<KcContext, I18n>) {
  const {
    kcContext,
    i18n,
    children,
    headerNode,
    infoNode,
    socialProvidersNode,
    displayInfo = false,
    displayMessage = true,
    documentTitle,
  } = props;
  const { auth, url, message, isAppInitiatedAction, properties } = kcContext;
  const appName = properties.PORTAL_APP_NAME || 'Delivery Portal';
  const title = typeof headerNode === 'string' ? headerNode : undefined;

  useEffect(() => {
    document.title = documentTitle ?? (title ? `${title} · ${appName}` : appName);
    document.documentElement.lang = kcContext.locale?.currentLanguageTag ?? 'en';
  }, [documentTitle, title, appName, kcContext.locale]);

  const showMessage = displayMessage && message && (message.type !== 'warning' || !isAppInitiatedAction);

  return (
    <div className="pt-page">
      <header className="pt-brand">
        <Logo />
        <span className="pt-brand-name">{appName}</span>
      </header>
      <main className="pt-main">
        <div className="pt-card" id="kc-content">
          <h1 id="kc-page-title">{headerNode}</h1>
          {auth?.showUsername && !auth.showResetCredentials && (
            <p className="pt-attempted">
              <span id="kc-attempted-username">{auth.attemptedUsername}</span>{' '}
              <a id="reset-login" href={url.loginRestartFlowUrl}>
                {i18n.msgStr('restartLoginTooltip')}
              </a>
            </p>
          )}
          {showMessage && (
            <div
              className={`pt-alert pt-alert-${message.type}`}
              role={message.type === 'error' ? 'alert' : 'status'}
            >
              {decodeEntities(message.summary)}
            </div>
          )}
          {children}
          {auth?.showTryAnotherWayLink && (
            <form id="kc-select-try-another-way-form" action={url.loginAction} method="post">
              <input type="hidden" name="tryAnotherWay" value="on" />
              <button type="submit" className="pt-linkbtn">
                {i18n.msgStr('doTryAnotherWay')}
              </button>
            </form>
          )}
          {socialProvidersNode}
          {displayInfo && (
            <div id="kc-info" className="pt-info">
              {infoNode}
            </div>
          )}
        </div>
      </main>
      <footer className="pt-footer">
        © {new Date().getFullYear()} {appName}
      </footer>
    </div>
  );
}
