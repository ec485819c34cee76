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
      declined: '辞退',
      withdrawn: '取り下げ',
      superseded: '改訂済み',
      expired: '期限切れ',
    },
    invoiceStatus: { draft: '下書き', issued: '発行済み', paid: '入金済み', void: '無効' },
    invoiceKind: { invoice: '請求書', creditNote: '返還請求書' },
    taxClass: {
      taxable10: '課税 10%',
      nonTaxable: '非課税（印紙・庁費用）',
      outOfScope: '不課税（外国費用）',
    },
    paymentStatus: { recorded: '入金確認待ち', confirmed: '入金確認済み' },
    bankFeeBearer: { payer: '振込手数料は支払側負担', payee: '振込手数料は受取側負担' },
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
        concierge: { start: 'コンシェルジュの利用開始', paid: 'コンシェルジュ料金の入金確認' },
      },
      estimate: {
        send: '見積書の送付',
        revise: '見積書の改訂',
        withdraw: '見積書の取り下げ',
        accept: '見積書の承諾（発注）',
        decline: '見積書の辞退',
        expire: '見積書の有効期限切れ',
      },
      invoice: {
        issue: '請求書の発行',
        void: '請求書の無効化',
        creditNote: '返還請求書の発行',
        paid: '請求書の入金完了',
      },
      payment: { record: '振込の記録', confirm: '入金の確認' },
      pension: {
        payment: { record: '年金の納付を記録' },
        decision: { set: '年金の納付判断' },
        settings: { update: '料金の軽減の変更' },
        right: { restore: '権利の回復（追納・回復による納付）' },
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
        member: {
          add: 'メンバー追加',
          role: 'メンバー権限の変更',
          remove: 'メンバー削除',
          twoFactorReset: 'メンバーの2段階認証のリセット',
        },
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
    invalidPhone: '電話番号は 03-1234-5678 のように市外局番から、海外の番号は + と国番号から入力してください',
    phoneCharacters: '電話番号は数字と + - だけで入力してください',
    invalidNumber: '数値を入力してください',
    halfWidthNumber: '半角数字で入力してください（例: 300000 または 300,000）',
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
    futureDate: '今日（日本時間）より後の日付は入力できません',
    invalidLocale: '言語は日本語または英語を選択してください',
    invalidId: 'IDの形式が正しくありません',
    tooLong: '{{max}}文字以内で入力してください',
    invalidValue: '入力内容が正しくありません',
    invalidUrl: 'URL は http:// または https:// から入力してください',
    invalidLanguage: '言語を一覧から選択してください',
    selectAtLeastOne: '1つ以上選択してください',
    invalidCurrency: '通貨は JPY・USD・EUR のような英大文字 3 文字で入力してください',
    wholeYen: '円の金額は整数で入力してください',
    exchangeRateRequired: '外貨の明細には為替レート（1 単位あたりの円）を入力してください',
    invalidQualifiedInvoiceNumber: '登録番号は T と 13 桁の数字で入力してください（例: T1234567890123）',
    invalidEpcState: '有効化国は欧州特許条約の締約国から選択してください',
    duplicateEpcState: '同じ国が重複しています',
    unitaryStateValidated: '単一効の対象国（{{states}}）は各国の有効化として登録できません',
    positiveRate: '為替レートは 0 より大きい数値（1 単位あたりの円、小数点以下 4 桁まで）で入力してください',
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
        restoration: {
          name: '特許権の回復期限（特許料の追納）',
          rule: '追納期間の経過後1年以内（故意によるものでない場合。回復理由書と回復手数料が必要）',
        },
      },
      utilityModel: {
        annuity: {
          name: '登録料（年金）の納付期限',
          rule: '第4年以降の各年分は前年以前（設定登録日の応当日）まで。6か月以内なら倍額で追納可',
        },
        termExpiry: { name: '存続期間満了日', rule: '出願日から10年' },
        restoration: {
          name: '実用新案権の回復期限（登録料の追納）',
          rule: '追納期間の経過後1年以内（故意によるものでない場合。回復理由書と回復手数料が必要）',
        },
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
        restoration: {
          name: '意匠権の回復期限（登録料の追納）',
          rule: '追納期間の経過後1年以内（故意によるものでない場合。回復理由書と回復手数料が必要）',
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
        restoration: {
          name: '商標権の回復期限',
          rule: '更新申請期間（後期分割登録料は追納期間）の経過後6か月以内（故意によるものでない場合）',
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
        delayedMaintenanceFee: {
          name: '維持費の遅延納付の請願期限（米国）',
          rule: '失効から2年（期限はないが、2年を過ぎると遅延の事情すべての説明が求められる）',
        },
      },
    },
    ep: {
      patent: {
        renewalFee: {
          name: '更新手数料の納付期限（欧州）',
          rule: '第3年以降、出願日の応当日が属する月の末日まで（期限後6か月は50%割増で可）',
        },
        reestablishment: {
          name: '権利回復の申請期限（欧州）',
          rule: '猶予期間の満了から1年以内（障害がなくなった日から2か月以内）',
        },
      },
      unitary: {
        renewalFee: {
          name: '単一効特許の更新手数料の納付期限',
          rule: '登録公告の翌年分から、出願日の応当日が属する月の末日まで（3か月前から納付可、6か月以内は50%割増で可）',
        },
      },
      national: {
        DE: {
          renewalFee: {
            name: '年金（更新手数料）の納付期限（ドイツ）',
            rule: '登録公告の翌年分から、出願日の応当日が属する月の末日まで（2か月後の月末までは割増なし、6か月後の月末までは50ユーロの割増で可）。登録公告から2か月以内に期限が来る年分は、その2か月の間は割増なしで納付可（EPC第141条(2)）',
          },
        },
        FR: {
          renewalFee: {
            name: '年金（更新手数料）の納付期限（フランス）',
            rule: '登録公告の翌年分から、出願日の応当日が属する月の末日まで（6か月以内は50%割増で可）。登録公告から2か月以内に期限が来る年分は、その2か月の間は割増なしで納付可（EPC第141条(2)）',
          },
        },
        GB: {
          renewalFee: {
            name: '年金（更新手数料）の納付期限（英国）',
            rule: '第5年分以降で登録公告の翌年分から、出願日の応当日が属する月の末日まで（1か月後までは割増なし、6か月以内は1か月ごと£24の割増で可）。登録公告から2か月以内に期限が来る年分は、その2か月の間は割増なしで納付可（EPC第141条(2)）',
          },
        },
        IT: {
          renewalFee: {
            name: '年金（更新手数料）の納付期限（イタリア）',
            rule: '第5年分以降で登録公告の翌年分から、出願日の応当日が属する月の末日まで（6か月以内は100ユーロの割増で可）。登録公告から2か月以内に期限が来る年分は、その2か月の間は割増なしで納付可（EPC第141条(2)）',
          },
        },
        ES: {
          renewalFee: {
            name: '年金（更新手数料）の納付期限（スペイン）',
            rule: '登録公告の翌年分から、出願日の応当日が属する月の末日まで（3か月後までは割増なし、その後3か月は25%、さらに3か月は50%の割増で可）。登録公告から2か月以内に期限が来る年分は、その2か月の間は割増なしで納付可（EPC第141条(2)）',
          },
        },
        NL: {
          renewalFee: {
            name: '年金（更新手数料）の納付期限（オランダ）',
            rule: '第4年分以降で登録公告の翌年分から、出願日の応当日が属する月の末日まで（6か月以内は50%割増で可）。登録公告から2か月以内に期限が来る年分は、その2か月の間は割増なしで納付可（EPC第141条(2)）',
          },
        },
        CH: {
          renewalFee: {
            name: '年金（更新手数料）の納付期限（スイス／リヒテンシュタイン）',
            rule: '第4年分以降で登録公告の翌年分から、出願日の応当日が属する月の末日まで（3か月後までは割増なし、さらに3か月はCHF 50の割増で可）。登録公告から2か月以内に期限が来る年分は、その2か月の間は割増なしで納付可（EPC第141条(2)）',
          },
        },
        SE: {
          renewalFee: {
            name: '年金（更新手数料）の納付期限（スウェーデン）',
            rule: '登録公告の翌年分から、出願日の応当日が属する月の末日まで（6か月以内は20%割増で可）。登録公告から2か月以内に期限が来る年分は、その2か月の間は割増なしで納付可（EPC第141条(2)）',
          },
        },
        AT: {
          renewalFee: {
            name: '年金（更新手数料）の納付期限（オーストリア）',
            rule: '第6年分以降で登録公告の翌年分から、出願日の応当日が属する月の末日まで（6か月以内は20%割増で可。庁に納める最初の年分は3か月後までは割増なし、12か月後の月末までは20%割増で可）。登録公告から2か月以内に期限が来る年分は、その2か月の間は割増なしで納付可（EPC第141条(2)）',
          },
        },
        BE: {
          renewalFee: {
            name: '年金（更新手数料）の納付期限（ベルギー）',
            rule: '登録公告の翌年分から、出願日の応当日が属する月の末日まで（6か月以内は割増で可：第3〜10年分は85ユーロ、第11〜20年分は230ユーロ）。登録公告から2か月以内に期限が来る年分は、その2か月の間は割増なしで納付可（EPC第141条(2)）',
          },
        },
      },
    },
    shift: {
      weekend: '土曜日・日曜日のため翌開庁日に繰り延べ',
      holiday: '{{name}}のため翌開庁日に繰り延べ',
      yearEnd: '年末年始（12月29日〜1月3日）のため翌開庁日に繰り延べ',
    },
    closedBy: {
      done: '{{fact}}（{{date}}）により完了',
      implied: '{{fact}}（{{date}}）により完了',
      notApplicable: '{{fact}}（{{date}}）により不要',
      doneUndated: '{{fact}}により完了',
      impliedUndated: '{{fact}}により完了',
      notApplicableUndated: '{{fact}}により不要',
      lapsed: '{{fact}}',
      lapsedUndated: '{{fact}}',
    },
    fact: {
      examinationRequest: '審査請求',
      grantDecision: '特許査定',
      registration: '登録',
      nationalEntry: '国内移行',
      jpLatePaymentPassed: '消滅（追納期間経過）',
      jpLateRenewalPassed: '消滅（更新申請期間経過）',
      usGracePassed: '失効（猶予期間経過）',
      epGracePassed: 'みなし取下げ（猶予期間経過）',
      restorationPassed: '回復期間経過',
      rightLapsed: '権利の消滅',
      applicationWithdrawn: '出願のみなし取下げ',
    },
    caveat: {
      noOfficeCalendar: 'この庁の休日による期限の繰り延べは反映していません。',
      weekendsOnly:
        '土日に当たる期限は翌月曜日に繰り延べています。手続をする官庁（受理官庁・国際事務局・指定官庁）の祝日は反映していません。',
      secondarySource: 'この規則は公式資料で未確認です（二次資料に基づく）。',
      softLimit: '法定の期限ではありません。この日を過ぎても手続できますが、要件が重くなります。',
      unitaryRegistration:
        '単一効の登録通知（UPR規則7(1)）の前後に期限が来る年分は、通知から3か月まで納付できる場合があります（通知日は記録していないため反映していません）。',
    },
    computed: '自動計算',
    unconfirmed: 'この規則は未確認です。必ずご確認ください。',
  },
  /** Column labels of the matter list's CSV (the same words as the list's headers). */
  forecastCsv: {
    column: {
      calendarYear: '年',
      dueDate: '納付期限',
      refrenceCode: '整理番号',
      title: '案件名',
      region: '国・地域',
      year: '年次',
      amount: '金額',
      currency: '通貨',
      rate: '為替レート（円）',
      rateSetOn: 'レート設定日',
      yen: '円換算額',
      abandoned: '放棄予定',
    },
    yes: '放棄予定',
  },
  projectCsv: {
    column: {
      family: 'ファミリー',
      refrenceCode: '整理番号',
      type: '権利種別',
      region: '国・地域',
      title: '案件名',
      status: 'ステータス',
      applicationCode: '出願番号',
      applicationDate: '出願日',
      registCode: '登録番号',
      requestCount: '依頼数',
      updateDate: '更新日',
    },
  },
  apiError: {
    userFetchFailed: 'ユーザー情報の取得に失敗しました',
    userUpdateFailed: 'ユーザー情報の更新に失敗しました',
    projectRegistrationFailed: '案件の登録に失敗しました',
    projectUpdateFailed: '案件の更新に失敗しました',
    projectDeletionFailed: '案件の削除に失敗しました',
    projectListFetchFailed: '案件一覧の取得に失敗しました',
    projectCsvExportFailed: '案件一覧のCSV出力に失敗しました',
    notLoggedIn: 'ログインしていません',
    attributeDoesNotExist: '属性が存在しません',
    invalidTokenFormat: 'トークンの形式が正しくありません',
    invalidUserPool: 'ユーザープールが正しくありません',
    requestRegistrationFailed: '依頼の登録に失敗しました',
    requestUpdateFailed: '依頼の更新に失敗しました',
    firmUpdateFailed: '事務所情報の更新に失敗しました',
    pensionUpdateFailed: '年金（特許料・登録料）の記録に失敗しました',
    exchangeRatesUpdateFailed: '為替レートの保存に失敗しました',
    forecastPlanUpdateFailed: '放棄予定の変更に失敗しました',
    forecastCsvFailed: '年金予測の CSV の作成に失敗しました',
  },
} satisfies DomainMessageTree;
