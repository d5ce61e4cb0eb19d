import { i18nBuilder } from 'keycloakify/login';
import type { ThemeName } from '../kc.gen';

/**
 * Keycloak's own words the portal replaces. Keycloakify copies these into the theme's messages_en.properties, so
 * Keycloak itself answers a wrong password with the spec's sign-in failure (contracts Messages.loginFailed; the
 * theme's browser spec checks the two agree). With no SMTP in the realm, Keycloak's failed mail for its verify-email
 * step is the portal's not-yet-verified stop: emailSendErrorMessage is the spec's message (AuthMessages.
 * emailNotVerified; the jar test checks the two agree). Staff's second-factor pages say "security key" and
 * "authenticator app", as the portal's Profile does. Literal strings: the build reads this file, not the imports.
 */
const { useI18n, ofTypeI18n: _ofTypeI18n } = i18nBuilder
  .withThemeName<ThemeName>()
  .withCustomTranslations({
    en: {
      invalidUserMessage: 'That username and password combination is not valid',
      invalidPasswordMessage: 'That username and password combination is not valid',
      loginAccountTitle: 'Sign In',
      doLogIn: 'Sign In',
      doForgotPassword: 'Forgot Password',
      emailVerifyTitle: 'Verify Email',
      emailSendErrorMessage:
        'Please verify your email address first: enter the code we sent you, or send the code again.',
      // staff's second factor in the portal's words: a security key (Keycloak 26 says passkey) or an authenticator app
      'webauthn-registration-title': 'Register a security key',
      'webauthn-registration-init-label-prompt': 'Name this security key (for example: Desk key)',
      'webauthn-login-title': 'Security key',
      'webauthn-available-authenticators': 'Your security keys',
      'webauthn-doAuthenticate': 'Sign in with your security key',
      'webauthn-display-name': 'Security key',
      'webauthn-help-text': 'Use your security key to sign in.',
      loginTotpTitle: 'Set up an authenticator app',
    },
  })
  .build();

type I18n = typeof _ofTypeI18n;

export { useI18n, type I18n };
