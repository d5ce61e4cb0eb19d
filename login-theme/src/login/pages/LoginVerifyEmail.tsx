import type { PageProps } from 'keycloakify/login/pages/PageProps';
import type { KcContext } from '../KcContext';
import type { I18n } from '../i18n';
import { VerifyEmailStop } from '../VerifyEmailStop';

type Props = PageProps<Extract<KcContext, { pageId: 'login-verify-email.ftl' }>, I18n>;

/** Keycloak's own verify-email page (shown only if the realm had SMTP): the portal's not-yet-verified stop. */
export default function LoginVerifyEmail({ kcContext, i18n, Template, doUseDefaultCss, classes }: Props) {
  return (
    <Template
      kcContext={kcContext}
      i18n={i18n}
      doUseDefaultCss={doUseDefaultCss}
      classes={classes}
      headerNode="Verify Email"
      displayMessage={false}
    >
      <VerifyEmailStop email={kcContext.user?.email ?? ''} restartUrl={kcContext.url.loginRestartFlowUrl} />
    </Template>
  );
}
