import { lazy } from 'react';
import { AuthMessages } from '@portal/contracts';
import type { PageProps } from 'keycloakify/login/pages/PageProps';
import type { KcContext } from '../KcContext';
import type { I18n } from '../i18n';
import { recallSignInEmail } from '../signInEmail';
import { decodeEntities } from '../text';
import { VerifyEmailStop } from '../VerifyEmailStop';

const DefaultError = lazy(() => import('keycloakify/login/pages/Error'));

type Props = PageProps<Extract<KcContext, { pageId: 'error.ftl' }>, I18n>;

/**
 * Keycloak's error page. The realm has no SMTP, so an unverified address signing in lands here (message key
 * emailSendErrorMessage, which the theme words as the spec's not-yet-verified message): that is the portal's
 * verify stop, with the address Keycloak knows or the one typed on the sign-in page of this tab. Any other error
 * is Keycloakify's default page in the portal's frame.
 */
export default function ErrorPage(props: Props) {
  const { kcContext, i18n, Template, doUseDefaultCss, classes } = props;
  if (!isNotVerifiedStop(kcContext)) return <DefaultError {...props} />;
  const email = kcContext.auth?.attemptedUsername || recallSignInEmail();
  return (
    <Template
      kcContext={kcContext}
      i18n={i18n}
      doUseDefaultCss={doUseDefaultCss}
      classes={classes}
      headerNode="Verify Email"
      displayMessage={false}
    >
      <VerifyEmailStop email={email} restartUrl={kcContext.url.loginRestartFlowUrl} />
    </Template>
  );
}

/** Keycloak renders the message key before the page sees it: the theme's wording of the key is what arrives. */
function isNotVerifiedStop(kcContext: Props['kcContext']): boolean {
  const summary = kcContext.message?.summary;
  return summary !== undefined && decodeEntities(summary).trim() === AuthMessages.emailNotVerified;
}
