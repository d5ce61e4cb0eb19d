import { Suspense, lazy } from 'react';
import type { ClassKey } from 'keycloakify/login';
import DefaultPage from 'keycloakify/login/DefaultPage';
import type { KcContext } from './KcContext';
import { useI18n } from './i18n';
import Template from './Template';

const UserProfileFormFields = lazy(() => import('keycloakify/login/UserProfileFormFields'));
const Login = lazy(() => import('./pages/Login'));
const LoginVerifyEmail = lazy(() => import('./pages/LoginVerifyEmail'));
const ErrorPage = lazy(() => import('./pages/Error'));

/**
 * The page Keycloak asked for. Sign-in and the not-yet-verified stop (Keycloak's verify-email page, or its error
 * page for the same stop: the realm has no SMTP) are the portal's own; every other page (TOTP, reset, info, any
 * other error, …) is Keycloakify's default markup in the portal's frame and styles, without
 * PatternFly (doUseDefaultCss false): Keycloak's class names map onto the portal's (below).
 */
export default function KcPage({ kcContext }: { kcContext: KcContext }) {
  const { i18n } = useI18n({ kcContext });
  const common = { i18n, Template, doUseDefaultCss: false, classes } as const;
  return (
    <Suspense>
      {(() => {
        switch (kcContext.pageId) {
          case 'login.ftl':
            return <Login kcContext={kcContext} {...common} />;
          case 'login-verify-email.ftl':
            return <LoginVerifyEmail kcContext={kcContext} {...common} />;
          case 'error.ftl':
            return <ErrorPage kcContext={kcContext} {...common} />;
          default:
            return (
              <DefaultPage
                kcContext={kcContext}
                {...common}
                UserProfileFormFields={UserProfileFormFields}
                doMakeUserConfirmPassword={true}
              />
            );
        }
      })()}
    </Suspense>
  );
}

const classes: Partial<Record<ClassKey, string>> = {
  kcFormGroupClass: 'pt-field',
  kcLabelClass: 'pt-label',
  kcInputClass: 'pt-input',
  kcInputErrorMessageClass: 'pt-field-error',
  kcButtonClass: 'pt-btn',
  kcButtonPrimaryClass: 'pt-btn-primary',
  kcButtonDefaultClass: 'pt-btn-default',
  kcButtonBlockClass: 'pt-btn-block',
  kcFormOptionsClass: 'pt-options',
  kcFormButtonsClass: 'pt-buttons',
  kcAlertClass: 'pt-alert',
  kcInputHelperTextBeforeClass: 'pt-help',
  kcInputHelperTextAfterClass: 'pt-help',
  // the security-key sign-in and "try another way": each factor a bordered row (PatternFly's icons are not shipped;
  // the key page wraps its text in the arrow-icon class, so only the arrow's own box is hidden)
  kcSelectAuthListClass: 'pt-auth-list',
  kcSelectAuthListItemClass: 'pt-auth-item',
  kcSelectAuthListItemHeadingClass: 'pt-auth-heading',
  kcSelectAuthListItemDescriptionClass: 'pt-auth-desc',
  kcSelectAuthListItemIconClass: 'pt-hidden',
  kcSelectAuthListItemArrowClass: 'pt-hidden',
  kcWebAuthnDefaultIcon: 'pt-hidden',
};
