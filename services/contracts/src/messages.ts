/** The spec's user-facing messages, word for word (trailing spaces included where the spec has them). */
export const Messages = {
  tokenInvalid: 'Your token is no longer valid. Please login again.',
  // sign-up / sign-in
  licenceRequired: 'License Number is required. ',
  invalidLicence: 'Please choose a valid License #',
  invalidEmail: 'The input is not a valid E-mail. ',
  emailTooLong: 'Email is limited to 60 characters. ',
  passwordRequired: 'Please input your password!',
  contactAdminToJoin: 'Please contact your admin to be invited to this Company',
  emailExists: 'This email already exists. Please create account with a different email.',
  loginFailed: 'That username and password combination is not valid',
  forgotUnknownUser: 'That email does not exist. Please try again',
  forgotSent: 'An email has been sent with your Password',
  passwordMin: 'Passwords must be at least 8 characters. ',
  passwordsDoNotMatch: 'Passwords do not match. Please try again.',
  passwordPolicy:
    'Please fix the password you provided. It must include at least one number, one lowercase and one uppercase letter. And be at least six characters.',
  currentPasswordIncorrect: 'Current Password entered is incorrect.',
  passwordUpdated: 'Password updated successfully!',
  phoneInvalid: 'Phone needs to be a valid phone number. ',
  // invites
  inviteEmailInvalid: 'Email address is invalid',
  alreadyInvited: 'You have already invited this user',
  invited: 'User invited successfully!',
  inviteResent:
    "Email sent successfully! Please tell the user to check their spam folder if it doesn't show up within the next 30 minutes",
  // licence records
  licenceExists: 'License number already exists! Please try again!',
  // feedback
  feedbackRequired: 'Please fill out all required fields before submitting',
  feedbackSent: 'Message sent successfully. Thank you for your feedback!',
  feedbackFailed: (msg: string) => `Failed to send email: ${msg}`,
  // accounts
  accountCreated: 'Account created successfully!',
  profileUpdated: 'Profile updated successfully!',
  userDeleted: 'User deleted',
  linkCopied: 'Link copied successfully!',
  updateUserFailed: 'Failed to update user, please try again.',
  accountCreationFailed: (msg: string) => `Account creation failed: ${msg}!`,
  profileCreationFailed: (msg: string) => `Profile creation failed: ${msg}!`,
  profileUpdateFailed: (msg: string) => `Profile update failed: ${msg}!`,
  /** The server's problem when an account could not be deleted; the screen wraps it in deleteUserError. */
  deleteUserFailed: (msg: string) => `Failed to delete user: ${msg}`,
  /** What the screen shows when a delete is refused: the server's text inside. */
  deleteUserError: (serverText: string) => `Error deleting user: ${serverText}!`,
  /** A licence record's address (License Update) not saved: the server's text. */
  updateAddressFailed: (error: string) => `Failed to update address: ${error}`,
  changePasswordFailed: (msg: string) => `Change Password Failed: ${msg}`,
  // orders
  suspended: 'Your account has been suspended. Please contact GPS to reactivate your account.',
  fixErrors: 'Please fix the errors below.',
  orderNotFound: 'Order not found',
  noOrdersForDay: 'No Orders found. Please select a different date.',
  reportStarted: 'Your report has started. You will receive an email when it is completed.',
  // generic problem titles
  forbidden: 'You do not have permission to do this.',
  unauthorized: 'Your token is no longer valid. Please login again.',
  notFound: 'Not found',
  /** 429 of the public routes' rate limit; `after` is e.g. "1 minute". */
  tooManyRequests: (after: string) => `Too many requests. Please try again in ${after}.`,
  // accounts & identity: profile rules whose wording the spec does not give, in its own style
  fieldRequired: (label: string) => `${label} is required. `,
  fieldTooLong: (label: string, max: number) => `${label} is limited to ${max} characters. `,
  underReview: 'Your account is under review. You will receive an email once it has been verified.',
  /** The profile's public orders link (opt-in per company; accounts README "Public orders link"). */
  publicOrdersUnverified: 'The public orders link can be turned on once the account has been verified.',
  publicOrdersNoLicence: 'Add a licence number to the profile before turning on the public orders link.',
  publicOrdersWho:
    "Only the company's account admin or GPS staff can turn on or regenerate the public orders link.",
  uploadTooLarge: 'The file is limited to 5 MB.',
  uploadType: 'Only images and PDF files can be uploaded.',
  accountingUnavailable: 'The accounting system could not be reached. Please try again later.',
  /** 503 when a request cannot be decided safely now (e.g. the account state store is unreachable). */
  serviceUnavailable: 'The service is temporarily unavailable. Please try again later.',
} as const;

/** Auth flow texts the spec does not word (ACCOUNTS-API `auth`): pins, reset codes, email change. */
export const AuthMessages = {
  signedUp: (email: string) => `Account created! A verification code has been sent to ${email}`,
  invalidPin: 'Invalid verification code',
  codeSent: (email: string) => `A new code has been sent to ${email}`,
  pinSentTo: (email: string) => `A verification code has been sent to ${email}`,
  emailVerified: 'Your email has been verified. Please sign in.',
  emailAlreadyVerified: 'This email has already been verified. Please sign in.',
  passwordTooLong: 'Password is limited to 60 characters.',
  sameEmail: 'The new email is the same as the current one.',
  emailUpdated: 'Email updated successfully!',
  tooManyCodes: 'Too many codes requested. Please try again in 30 minutes.',
  signedOut: 'You have been signed out.',
  /** Sign-up by invite without the mail's valid, unused, unexpired link. */
  inviteInvalid: 'This invitation link is invalid or has expired. Please ask to be invited again.',
  /** /signMeUp?email= without the token: an invitation mailed before links carried one. */
  inviteLinkOld:
    'This invitation link is from an older invitation mail and no longer opens sign-up on its own. Send yourself a new link below, or ask the person who invited you to resend the invitation.',
  /** The answer to "send me a new link", the same whether or not an invitation waits for the address. */
  inviteLinkSent:
    'If an invitation is waiting for this address, a new link is on its way to it. Please check your email, including the spam folder.',
  /** Login refused until the emailed pin is entered (the spec does not word it). */
  emailNotVerified:
    'Please verify your email address first: enter the code we sent you, or send the code again.',
  /** POST /api/auth/login from a page loaded before sign-in moved to Keycloak's page (410). */
  signInMoved: 'Sign-in has moved to a new page. Please reload the portal and sign in again.',
} as const;
