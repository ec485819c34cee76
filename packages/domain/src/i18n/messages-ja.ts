import type { DomainMessageTree } from './message-tree.js';

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
    dealStatus: {
      draft: '下書き',
      sent: '送付済み',
      accepted: '承諾済み',
      rejected: '辞退',
      withdrawn: '取り下げ',
    },
    invoiceStatus: { issued: '発行済み', paid: '入金済み', void: '無効' },
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
    historyAction: {
      project: {
        create: '案件登録',
        update: '案件更新',
        delete: '案件削除',
        duplicate: '案件複製',
        trademarkImage: { set: '商標画像の変更' },
        assignees: { set: '案件担当者の変更' },
        organization: { set: '案件の組織への移動' },
      },
      userSpace: {
        file: { create: 'ファイル追加', delete: 'ファイル削除' },
        comment: { create: 'コメント追加', update: 'コメント編集', delete: 'コメント削除' },
      },
      request: {
        create: '依頼登録',
        accept: '依頼受付',
        complete: '依頼対応済み',
        decline: '依頼辞退',
        assignee: '依頼担当者の変更',
        mail: { send: 'メッセージ送信' },
        periods: { update: '期限変更' },
        term: { create: '期限追加', update: '期限更新', remove: '期限削除' },
        deliverable: { create: '成果物アップロード' },
      },
      pension: {
        payment: { record: '年金の納付を記録' },
        decision: { set: '年金の納付判断' },
        settings: { update: '料金の軽減の変更' },
      },
      deadline: {
        done: '期限の完了',
        lapse: '期限の失効の決定',
        reopen: '期限を未完了に戻す',
        confirm: '期限の確認',
      },
      organization: {
        create: '組織作成',
        update: '組織更新',
        member: { add: 'メンバー追加', role: 'メンバー権限の変更', remove: 'メンバー削除' },
        invitation: { create: '招待送信', revoke: '招待取消', accept: '招待承諾' },
      },
      user: { update: 'ユーザー情報の変更' },
      firm: { create: '事務所登録', update: '事務所情報の変更' },
      seed: { demo: 'デモデータ作成' },
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
    invalidEmail: 'メールアドレスは name@example.com の形で入力してください',
    invalidPhone: '電話番号は + と国番号から入力してください（例: +81 3-1234-5678）',
    phoneCharacters: '電話番号は数字と + - だけで入力してください',
    invalidNumber: '数値を入力してください',
    integerRange: '{{min}} から {{max}} までの整数を入力してください',
    numberRange: '{{min}} から {{max}} までの数値を入力してください（小数も可）',
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
    invalidUrl: 'URL は http:// または https:// から入力してください',
    invalidLanguage: '言語を一覧から選択してください',
    selectAtLeastOne: '1つ以上選択してください',
  },
  deadline: {
    jp: {
      patent: {
        examinationRequest: { name: '審査請求期限', rule: '出願日（PCT国内移行案件は国際出願日）から3年' },
        firstAnnuities: {
          name: '第1年〜第3年分特許料の納付期限',
          rule: '特許査定の謄本送達日から30日以内（請求により30日延長可）',
        },
        annuity: {
          name: '特許料（年金）の納付期限',
          rule: '第4年以降の各年分は前年以前（設定登録日の応当日）まで。6か月以内なら倍額で追納可',
        },
        termExpiry: {
          name: '存続期間満了日',
          rule: '出願日から20年（延長登録による最大5年の延長は含まない）',
        },
      },
      utilityModel: {
        annuity: {
          name: '登録料（年金）の納付期限',
          rule: '第4年以降の各年分は前年以前（設定登録日の応当日）まで。6か月以内なら倍額で追納可',
        },
        termExpiry: { name: '存続期間満了日', rule: '出願日から10年' },
      },
      design: {
        annuity: {
          name: '登録料（年金）の納付期限',
          rule: '第2年以降の各年分は前年以前（設定登録日の応当日）まで。6か月以内なら倍額で追納可',
        },
        termExpiry: {
          name: '存続期間満了日',
          rule: '2020年4月1日以降の出願は出願日から25年、それ以前は登録日から20年',
        },
      },
      trademark: {
        termExpiry: { name: '存続期間満了日', rule: '設定登録日から10年（更新ごとに10年）' },
        secondHalf: {
          name: '後期分割登録料の納付期限',
          rule: '存続期間の満了前5年まで。6か月以内なら倍額で追納可',
        },
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
    us: {
      patent: {
        maintenanceFee: {
          name: '維持費の納付期限（米国）',
          rule: '登録から3年6か月・7年6か月・11年6か月（6か月前から納付可、期限後6か月は割増料金で可）',
        },
      },
    },
    ep: {
      patent: {
        renewalFee: {
          name: '更新手数料の納付期限（欧州）',
          rule: '第3年以降、出願日の応当日が属する月の末日まで（期限後6か月は50%割増で可）',
        },
      },
    },
    shift: {
      weekend: '土曜日・日曜日のため翌開庁日に繰り延べ',
      holiday: '{{name}}のため翌開庁日に繰り延べ',
      yearEnd: '年末年始（12月29日〜1月3日）のため翌開庁日に繰り延べ',
    },
    caveat: {
      noOfficeCalendar: 'この庁の休日による期限の繰り延べは反映していません。',
      secondarySource: 'この規則は公式資料で未確認です（二次資料に基づく）。',
    },
    computed: '自動計算',
    unconfirmed: 'この規則は未確認です。必ずご確認ください。',
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
    requestRegistrationFailed: '依頼の登録に失敗しました',
    requestUpdateFailed: '依頼の更新に失敗しました',
    firmUpdateFailed: '事務所情報の更新に失敗しました',
    pensionUpdateFailed: '年金（特許料・登録料）の記録に失敗しました',
  },
} satisfies DomainMessageTree;
