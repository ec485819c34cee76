/** What a failed call says first (e.g. 案件の登録に失敗しました); the server's reason follows on a new line. */
export const ApiErrorMessage = {
  userFetchFailed: 'apiError.userFetchFailed',
  userUpdateFailed: 'apiError.userUpdateFailed',
  projectRegistrationFailed: 'apiError.projectRegistrationFailed',
  projectUpdateFailed: 'apiError.projectUpdateFailed',
  projectDeletionFailed: 'apiError.projectDeletionFailed',
  projectListFetchFailed: 'apiError.projectListFetchFailed',
  projectCsvExportFailed: 'apiError.projectCsvExportFailed',
  notLoggedIn: 'apiError.notLoggedIn',
  attributeDoesNotExist: 'apiError.attributeDoesNotExist',
  invalidTokenFormat: 'apiError.invalidTokenFormat',
  invalidUserPool: 'apiError.invalidUserPool',
  requestRegistrationFailed: 'apiError.requestRegistrationFailed',
  requestUpdateFailed: 'apiError.requestUpdateFailed',
  firmUpdateFailed: 'apiError.firmUpdateFailed',
  pensionUpdateFailed: 'apiError.pensionUpdateFailed',
  exchangeRatesUpdateFailed: 'apiError.exchangeRatesUpdateFailed',
  forecastPlanUpdateFailed: 'apiError.forecastPlanUpdateFailed',
  forecastCsvFailed: 'apiError.forecastCsvFailed',
} as const;
export type ApiErrorMessage = (typeof ApiErrorMessage)[keyof typeof ApiErrorMessage];
