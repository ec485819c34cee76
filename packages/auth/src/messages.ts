import { ApiErrorMessage, type DomainMessageTree, type Locale } from '@ipportal/domain';

/**
 * i18n keys of every failure this package reports. Four of them (not logged in, attribute does
 * not exist, invalid token format, invalid user pool) are the domain's `apiError.*` keys, the
 * ones the API answers for a refused bearer token, so the user reads the same text whichever side
 * found the problem; `domainMessages` translates them. The rest are `auth.error.*`, translated in
 * `messages` below. Apps merge both into their i18n resources.
 */
export const AuthMessage = {
  notLoggedIn: ApiErrorMessage.notLoggedIn,
  attributeDoesNotExist: ApiErrorMessage.attributeDoesNotExist,
  invalidTokenFormat: ApiErrorMessage.invalidTokenFormat,
  invalidUserPool: ApiErrorMessage.invalidUserPool,
  incorrectCredentials: 'auth.error.incorrectCredentials',
  passwordAttemptsExceeded: 'auth.error.passwordAttemptsExceeded',
  sessionExpired: 'auth.error.sessionExpired',
  userNotConfirmed: 'auth.error.userNotConfirmed',
  alreadyConfirmed: 'auth.error.alreadyConfirmed',
  usernameExists: 'auth.error.usernameExists',
  invalidPassword: 'auth.error.invalidPassword',
  invalidParameter: 'auth.error.invalidParameter',
  codeMismatch: 'auth.error.codeMismatch',
  expiredCode: 'auth.error.expiredCode',
  limitExceeded: 'auth.error.limitExceeded',
  tooManyRequests: 'auth.error.tooManyRequests',
  tooManyFailedAttempts: 'auth.error.tooManyFailedAttempts',
  passwordResetRequired: 'auth.error.passwordResetRequired',
  noPendingChallenge: 'auth.error.noPendingChallenge',
  totpSetupExpired: 'auth.error.totpSetupExpired',
  recentSignInRequired: 'auth.error.recentSignInRequired',
  network: 'auth.error.network',
  unknown: 'auth.error.unknown',
} as const;
export type AuthMessage = (typeof AuthMessage)[keyof typeof AuthMessage];

type AuthErrorTexts = Record<
  Exclude<
    keyof typeof AuthMessage,
    'notLoggedIn' | 'attributeDoesNotExist' | 'invalidTokenFormat' | 'invalidUserPool'
  >,
  string
>;

const ja: AuthErrorTexts = {
  incorrectCredentials: 'メールアドレスまたはパスワードが正しくありません。',
  passwordAttemptsExceeded: 'ログインの試行回数が上限を超えました。しばらくしてから再度お試しください。',
  sessionExpired: 'セッションの有効期限が切れました。再度ログインしてください。',
  userNotConfirmed: 'アカウントの確認が完了していません。メールで届いた確認コードを入力してください。',
  alreadyConfirmed: 'このアカウントは確認済みです。ログインしてください。',
  usernameExists: 'このメールアドレスは既に登録されています。',
  invalidPassword: 'パスワードが要件を満たしていません。',
  invalidParameter: '入力内容に誤りがあります。',
  codeMismatch: '確認コードが正しくありません。',
  expiredCode: '確認コードの有効期限が切れているか、無効です。新しいコードを請求してください。',
  limitExceeded: '試行回数が上限を超えました。しばらくしてから再度お試しください。',
  tooManyRequests: 'リクエストが多すぎます。しばらくしてから再度お試しください。',
  tooManyFailedAttempts: '失敗回数が上限を超えました。しばらくしてから再度お試しください。',
  passwordResetRequired: 'パスワードの再設定が必要です。',
  noPendingChallenge: 'ログインの手続きが見つかりません。もう一度ログインしてください。',
  totpSetupExpired: '2段階認証の設定が見つかりません。最初からやり直してください。',
  recentSignInRequired: 'この変更には再度のログインが必要です。パスワードと確認コードを入力してください。',
  network: 'ネットワークエラーが発生しました。接続を確認してください。',
  unknown: '予期しないエラーが発生しました。',
};

const en: AuthErrorTexts = {
  incorrectCredentials: 'Incorrect email address or password.',
  passwordAttemptsExceeded: 'Too many sign-in attempts. Please try again later.',
  sessionExpired: 'Your session has expired. Please sign in again.',
  userNotConfirmed: 'Your account is not confirmed yet. Enter the code we sent you by mail.',
  alreadyConfirmed: 'This account is already confirmed. Please sign in.',
  usernameExists: 'An account with this email address already exists.',
  invalidPassword: 'The password does not meet the requirements.',
  invalidParameter: 'Some of the input is invalid.',
  codeMismatch: 'The code is incorrect.',
  expiredCode: 'The code has expired or is invalid. Please request a new one.',
  limitExceeded: 'Attempt limit exceeded. Please try again later.',
  tooManyRequests: 'Too many requests. Please try again later.',
  tooManyFailedAttempts: 'Too many failed attempts. Please try again later.',
  passwordResetRequired: 'You need to reset your password.',
  noPendingChallenge: 'No sign-in is in progress. Please sign in again.',
  totpSetupExpired: 'The two-factor set-up was not found. Please start again.',
  recentSignInRequired: 'This change needs a fresh sign-in. Enter your password and code.',
  network: 'A network error occurred. Check your connection.',
  unknown: 'An unexpected error occurred.',
};

/** Translations of the `auth.error.*` keys, shaped like the domain's message trees. */
export const messages: Readonly<Record<Locale, DomainMessageTree>> = {
  ja: { auth: { error: { ...ja } } },
  en: { auth: { error: { ...en } } },
};
