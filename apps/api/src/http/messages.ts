import type { Locale } from '@ipportal/domain';

/**
 * Messages the HTTP layer itself raises (the domain owns validation and spec section 8 messages).
 * Keys are prefixed `server.` so they never collide with domain keys.
 */
const ja = {
  validationFailed: '入力内容に誤りがあります',
  unknownField: '不明な項目です',
  numberTooBig: '{{max}} 以下の値を指定してください',
  numberTooSmall: '{{min}} 以上の値を指定してください',
  malformedJson: 'リクエストの JSON を読み取れません',
  emptyJson: 'リクエストの本文が空です',
  bodyTooLarge: 'リクエストの本文が大きすぎます（上限 {{max}} バイト）',
  unsupportedMediaType: 'Content-Type は application/json にしてください',
  invalidCursor: 'ページの指定（cursor）が正しくありません。最初のページから取得し直してください',
  badRequest: 'リクエストが正しくありません',
  routeNotFound: 'この URL の API はありません',
  projectNotFound: '案件が見つかりません',
  projectDeleted: '削除済みの案件は変更できません',
  forbidden: 'この操作は許可されていません',
  tooManyRequests: 'リクエストが多すぎます。しばらくしてから再度お試しください',
  identityNotConfigured: '認証サービスが設定されていません',
  tokenRejected: 'トークンを確認できませんでした。再度ログインしてください',
  serviceUnavailable: 'サービスを一時的に利用できません',
};

const en: typeof ja = {
  validationFailed: 'The input has errors',
  unknownField: 'Unknown field',
  numberTooBig: 'Use a value of at most {{max}}',
  numberTooSmall: 'Use a value of at least {{min}}',
  malformedJson: 'The request body is not valid JSON',
  emptyJson: 'The request body is empty',
  bodyTooLarge: 'The request body is too large (at most {{max}} bytes)',
  unsupportedMediaType: 'Send the body as application/json',
  invalidCursor: 'The page cursor is not valid; fetch again from the first page',
  badRequest: 'Bad request',
  routeNotFound: 'There is no API at this URL',
  projectNotFound: 'The matter was not found',
  projectDeleted: 'A deleted matter cannot be changed',
  forbidden: 'This operation is not allowed',
  tooManyRequests: 'Too many requests; try again in a moment',
  identityNotConfigured: 'The identity service is not configured',
  tokenRejected: 'The token could not be verified; sign in again',
  serviceUnavailable: 'The service is temporarily unavailable',
};

export type ServerMessage = keyof typeof ja;
export const serverMessages: Record<Locale, Record<ServerMessage, string>> = { ja, en };
