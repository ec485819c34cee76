import type { DomainMessageTree } from './messages.js';

export const ja = {
  product: { name: 'IP Portal' },
  code: {
    caseType: { '0': '特許権', '1': '実用新案権', '2': '商標権', '3': '意匠権' },
    progressStatus: { '0': '未着手', '1': '対応中', '2': '完了' },
    progressStatusFilter: { all: 'すべて', '0': '未着手', '1': '対応中', '2': '完了' },
    requestStatus: { '1': '未対応', '2': '外部対応中', '3': '対応済み' },
    requestStatusFilter: { '0': 'すべて', '1': '未対応', '2': '外部対応中', '3': '対応済み' },
    concierge: { notUsed: '利用なし', awaitingPayment: '利用（入金待ち）', paid: '利用（入金済み）' },
    conciergeFilter: {
      all: 'すべて',
      notUsed: '利用なし',
      awaitingPayment: '利用（入金待ち）',
      paid: '利用（入金済み）',
    },
    requestType: { estimate: '見積依頼', other: 'その他' },
    officeType: { patentAttorney: '特許事務所', translationCompany: '翻訳会社', researchCompany: '調査会社' },
    userType: { REGULAR: '企業ユーザー', PATENT: '特許事務所ユーザー' },
    organizationRole: { '0': '管理者', '1': 'メンバー' },
    rightsStatus: { unregistered: '未登録', registering: '登録中', expired: '消滅' },
    toastLevel: { error: 'エラー', warn: '警告', info: 'お知らせ' },
    projectTab: {
      all: 'すべて',
      patent: '特許',
      utilityModel: '実用新案',
      design: '意匠',
      trademark: '商標',
      deleted: '削除済み',
    },
  },
  validation: {
    required: '必須項目です',
    invalidUserType: '不正なユーザータイプです',
    password: {
      tooShort: '8文字以上で入力してください',
      needsUpper: '英大文字を1文字以上含めてください',
      needsLower: '英小文字を1文字以上含めてください',
      needsDigit: '数字を1文字以上含めてください',
      invalidCharacter:
        '使用できない文字が含まれています（記号は ^ $ * . [ ] { } ( ) ? " ! @ # % & / \\ , > < \' : ; | _ ~ ` = + - のみ使用できます）',
      mismatch: 'パスワードが一致しません',
    },
    invalidToastLevel: '通知レベルは error・warn・info のいずれかです',
    invalidEmail: 'メールアドレスの形式が正しくありません',
    invalidPhone: '電話番号は国番号から入力してください（例: +81312345678）',
    invalidRegion: '国・地域を一覧から選択してください',
    invalidCaseType: '権利種別が正しくありません',
    invalidCreatableCaseType: '権利種別は特許権または商標権を選択してください',
    invalidProgressStatus: 'ステータスが正しくありません',
    invalidRequestType: '依頼種別が正しくありません',
    invalidOfficeType: '事務所種別が正しくありません',
    invalidOffice: '依頼先を一覧から選択してください',
    invalidDate: '日付の形式が正しくありません（YYYY-MM-DD）',
    invalidLocale: '言語は日本語または英語を選択してください',
    invalidId: 'IDの形式が正しくありません',
    tooLong: '{{max}}文字以内で入力してください',
    invalidValue: '入力内容が正しくありません',
  },
  deadline: {
    jp: {
      patent: {
        examinationRequest: { name: '審査請求期限', rule: '出願日（PCT国内移行案件は国際出願日）から3年' },
        termExpiry: {
          name: '存続期間満了日',
          rule: '出願日から20年（延長登録による最大5年の延長は含まない）',
        },
      },
      utilityModel: { termExpiry: { name: '存続期間満了日', rule: '出願日から10年' } },
      design: {
        termExpiry: {
          name: '存続期間満了日',
          rule: '2020年4月1日以降の出願は出願日から25年、それ以前は登録日から20年',
        },
      },
      trademark: {
        termExpiry: { name: '存続期間満了日', rule: '設定登録日から10年' },
        renewalWindow: {
          name: '更新登録申請期間',
          rule: '満了日の6か月前から満了日まで（満了後6か月以内は割増料金で可）',
        },
      },
    },
    pct: {
      nationalPhaseEntry: { name: '国内移行期限', rule: '優先日から30か月' },
      nationalPhaseEntryEp: { name: '欧州移行期限', rule: '優先日から31か月' },
      article19Amendment: {
        name: '19条補正期限',
        rule: '国際調査報告の送付から2か月、または優先日から16か月のいずれか遅い日',
      },
      chapterIIDemand: {
        name: '国際予備審査請求期限',
        rule: '国際調査報告・見解書の送付から3か月、または優先日から22か月のいずれか遅い日',
      },
    },
    computed: '自動計算',
    unconfirmed: '休日による期限の繰り延べは未反映です。必ずご確認ください。',
  },
  apiError: {
    userFetchFailed: 'ユーザー情報の取得に失敗しました',
    userUpdateFailed: 'ユーザー情報の更新に失敗しました',
    projectRegistrationFailed: '案件の登録に失敗しました',
    projectUpdateFailed: '案件の更新に失敗しました',
    projectDeletionFailed: '案件の削除に失敗しました',
    projectListFetchFailed: '案件一覧の取得に失敗しました',
    notLoggedIn: 'ログインしていません',
    attributeDoesNotExist: '属性が存在しません',
    invalidTokenFormat: 'トークンの形式が正しくありません',
    invalidUserPool: 'ユーザープールが正しくありません',
  },
} satisfies DomainMessageTree;
