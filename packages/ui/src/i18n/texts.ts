/** Interface languages of the portal; `ja` is the default and the fallback. */
export type UiLocale = 'ja' | 'en';

export const uiLocales: readonly UiLocale[] = ['ja', 'en'];

/** Built-in texts of the components. Apps may override any of them through `UiTextProvider`. */
export interface UiTexts {
  close: string;
  cancel: string;
  confirm: string;
  ok: string;
  /** Text of the spinner / loading text. */
  loading: string;
  /** Mark shown after the label of a required field. */
  required: string;
  /** Character counter, e.g. "12 / 100". */
  characterCount: (count: number, max?: number) => string;
  /** Announced when the counter passes its limit. */
  characterLimitExceeded: (over: number) => string;
  noOptions: string;
  clearSelection: string;
  selectPlaceholder: string;
  searchPlaceholder: string;
  optionCount: (count: number) => string;
  sortAscending: string;
  sortDescending: string;
  sortNone: string;
  emptyTable: string;
  emptyState: string;
  pagination: string;
  previousPage: string;
  nextPage: string;
  pageLabel: (page: number) => string;
  breadcrumb: string;
  language: string;
  /** Language names are shown in their own language in both interfaces. */
  languageNames: Record<UiLocale, string>;
  account: string;
  home: string;
  mainNavigation: string;
  expandNavigation: string;
  collapseNavigation: string;
  notifications: string;
  toastLevels: { error: string; warn: string; info: string };
  dismiss: string;
  previousMonth: string;
  nextMonth: string;
  year: string;
  month: string;
  chooseDate: string;
  selectedDates: (count: number) => string;
  rangeStart: string;
  rangeEnd: string;
  today: string;
  clearDates: string;
  /** date-fns format of a full date as shown in fields. */
  dateFormat: string;
  /** date-fns format of a month heading (e.g. 2025年4月 / April 2025). */
  monthHeadingFormat: string;
  /**
   * date-fns format of a day button's accessible name. The day number must appear as a word
   * ("April 20", not "April 20th") so that the visible "20" is part of the name (WCAG 2.5.3).
   */
  dayLabelFormat: string;
  /** Year option label. */
  yearLabel: (year: number) => string;
  fileDropPrompt: string;
  fileDropActive: string;
  chooseFiles: string;
  fileTooLarge: (name: string, maxSize: string) => string;
  fileTypeNotAllowed: (name: string, accepted: string) => string;
  tooManyFiles: (max: number) => string;
  fileLimits: (parts: { maxSize?: string; accept?: string; maxFiles?: number }) => string;
  removeFile: (name: string) => string;
  uploadProgress: (name: string) => string;
  uploadFailed: string;
  uploadDone: string;
  /** Asked before unsaved input is lost: a dialog closing or a page in edit mode being left. */
  discardChanges: {
    title: string;
    message: string;
    keepEditing: string;
    /** Confirms closing the dialog. */
    discard: string;
    /** Confirms leaving the page. */
    discardAndLeave: string;
  };
}

/** Japanese, the default: always in the first download. */
export const jaUiTexts: UiTexts = {
  close: '閉じる',
  cancel: 'キャンセル',
  confirm: '確認',
  ok: 'OK',
  loading: '読み込み中...',
  required: '必須',
  characterCount: (count, max) => (max === undefined ? `${count} 文字` : `${count} / ${max}`),
  characterLimitExceeded: (over) => `${over} 文字超過しています`,
  noOptions: '該当する項目がありません',
  clearSelection: '選択を解除',
  selectPlaceholder: '選択してください',
  searchPlaceholder: '検索',
  optionCount: (count) => `${count} 件の候補`,
  sortAscending: '昇順で並べ替え済み',
  sortDescending: '降順で並べ替え済み',
  sortNone: '並べ替え可能',
  emptyTable: 'データがありません',
  emptyState: '表示する項目がありません',
  pagination: 'ページ送り',
  previousPage: '前のページ',
  nextPage: '次のページ',
  pageLabel: (page) => `${page} ページ`,
  breadcrumb: 'パンくずリスト',
  language: '言語',
  languageNames: { ja: '日本語', en: 'English' },
  account: 'アカウント',
  home: 'ホーム',
  mainNavigation: 'メインメニュー',
  expandNavigation: 'メニューを開く',
  collapseNavigation: 'メニューを折りたたむ',
  notifications: '通知',
  toastLevels: { error: 'エラー', warn: '警告', info: 'お知らせ' },
  dismiss: '閉じる',
  previousMonth: '前の月',
  nextMonth: '次の月',
  year: '年',
  month: '月',
  chooseDate: '日付を選択',
  selectedDates: (count) => `${count} 日を選択中`,
  rangeStart: '開始日',
  rangeEnd: '終了日',
  today: '今日',
  clearDates: 'クリア',
  dateFormat: 'yyyy/MM/dd',
  monthHeadingFormat: 'yyyy年M月',
  dayLabelFormat: 'yyyy年M月d日EEEE',
  yearLabel: (year) => `${year}年`,
  fileDropPrompt: 'ここにファイルをドラッグ＆ドロップ',
  fileDropActive: 'ドロップしてファイルを追加',
  chooseFiles: 'ファイルを選択',
  fileTooLarge: (name, maxSize) => `「${name}」はサイズ上限（${maxSize}）を超えています。`,
  fileTypeNotAllowed: (name, accepted) => `「${name}」は対応していない形式です（対応形式: ${accepted}）。`,
  tooManyFiles: (max) => `一度に追加できるファイルは ${max} 件までです。`,
  fileLimits: ({ maxSize, accept, maxFiles }) =>
    [
      accept ? `形式: ${accept}` : null,
      maxSize ? `最大 ${maxSize}` : null,
      maxFiles ? `${maxFiles} 件まで` : null,
    ]
      .filter(Boolean)
      .join('・'),
  removeFile: (name) => `「${name}」を削除`,
  uploadProgress: (name) => `「${name}」のアップロード進捗`,
  uploadFailed: '失敗',
  uploadDone: '完了',
  discardChanges: {
    title: '入力内容を破棄しますか？',
    message: '保存していない入力内容は失われます。',
    keepEditing: '編集を続ける',
    discard: '破棄して閉じる',
    discardAndLeave: '破棄して移動する',
  },
};
