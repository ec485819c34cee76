import type { ChatDigestRoom, DeadlineLine, MailTemplates } from './types.js';

const jaChatRoom = (room: ChatDigestRoom) =>
  `${room.urgent ? '【至急・あなた宛てのメンションあり】\n' : ''}案件: ${room.projectTitle}\n依頼: ${room.requestName}\n未読: ${room.unread}件\n${room.url}`;

const jaLine = (line: DeadlineLine) =>
  `整理番号: ${line.reference}\n期限: ${line.deadline}\n期日: ${line.date}${
    line.plainDate ? `（本来の期日 ${line.plainDate}、${line.shiftReason}のため翌営業日）` : ''
  }\n${line.url}`;

export const ja: MailTemplates = {
  signupCode: {
    subject: ({ productName }) => `【${productName}】メールアドレスの確認コード`,
    text: ({ productName, code, name }) =>
      `${name ? `${name} 様\n\n` : ''}${productName} へのご登録ありがとうございます。\n\n確認コード: ${code}\n\n画面に確認コードを入力して登録を完了してください。コードの有効期限は 24 時間です。\nお心当たりのない場合は、このメールを破棄してください。`,
  },
  passwordResetCode: {
    subject: ({ productName }) => `【${productName}】パスワード再設定の確認コード`,
    text: ({ productName, code }) =>
      `${productName} のパスワード再設定を受け付けました。\n\n確認コード: ${code}\n\n画面に確認コードと新しいパスワードを入力してください。コードの有効期限は 1 時間です。\nお心当たりのない場合は、このメールを破棄してください。パスワードは変更されません。`,
  },
  requestReceived: {
    subject: ({ productName, requestName }) => `【${productName}】新しい依頼「${requestName}」が届きました`,
    text: ({ projectTitle, requestName, url }) =>
      `次の依頼が届きました。\n\n案件: ${projectTitle}\n依頼: ${requestName}\n\n内容を確認してください:\n${url}`,
  },
  deadlineReminder: {
    subject: ({ productName, projectTitle, dueDate }) =>
      `【${productName}】期限のお知らせ: ${projectTitle}（${dueDate}）`,
    text: ({ projectTitle, termTitle, dueDate, url }) =>
      `次の期限が近づいています。\n\n案件: ${projectTitle}\n期限: ${termTitle}\n期日: ${dueDate}\n\n詳細:\n${url}`,
  },
  deadlineDue: {
    subject: ({ productName, reference, deadline, date, before }) =>
      `【${productName}】期限のお知らせ（${before}）: ${reference} ${deadline} ${date}`,
    text: (params) =>
      `${params.asAdministrator ? '組織の管理者として、7日以内の期限をお知らせします。' : params.before === '本日が期限' ? '本日が期限の最終日です。' : `期限まで${params.before}です。`}\n\n${jaLine(params)}\n\n完了した期限や失効させる期限は、期限管理で記録するとお知らせが止まります。`,
  },
  deadlineDigest: {
    subject: ({ productName, lines, weekly }) =>
      `【${productName}】${weekly ? '今週' : '本日'}の期限のお知らせ（${lines.length}件）`,
    text: ({ lines }) => `次の期限が近づいています。\n\n${lines.map(jaLine).join('\n\n')}`,
  },
  organizationInvitation: {
    subject: ({ productName, organizationName }) => `【${productName}】「${organizationName}」への招待`,
    text: ({ productName, organizationName, inviterName, email, url, expires }) =>
      `${inviterName ? `${inviterName} さんから` : ''}${productName} の組織「${organizationName}」に招待されました。\n\n次のリンクを開いて招待を承諾してください:\n${url}\n\nアカウントをお持ちでない場合は、このメールアドレス（${email}）で企業ユーザーとして新規登録してください。登録の確認が済むと組織に参加します。\nリンクの有効期限: ${expires}\nお心当たりのない場合は、このメールを破棄してください。`,
  },
  requestMail: {
    subject: ({ productName, requestName }) =>
      `【${productName}】依頼「${requestName}」に新しいメッセージが届きました`,
    text: ({ projectTitle, requestName, senderName, subject, url }) =>
      `依頼に新しいメッセージが届きました。\n\n案件: ${projectTitle}\n依頼: ${requestName}\n差出人: ${senderName}\n件名: ${subject}\n\nメッセージを読む:\n${url}`,
  },
  paymentRecorded: {
    subject: ({ productName, clientName, amount }) =>
      `【${productName}】${clientName} 様が振込を記録しました（${amount}）`,
    text: ({ clientName, amount, paidOn, remitterName, invoiceNumbers, url }) =>
      `${clientName} 様が振込を記録しました。\n\n金額: ${amount}\n振込日: ${paidOn}\n振込依頼人名: ${remitterName}\n請求書: ${invoiceNumbers.join('、')}\n\n口座への入金を確かめたら、入金確認をしてください:\n${url}`,
  },
  paymentConfirmed: {
    subject: ({ productName, firmName, amount }) =>
      `【${productName}】${firmName} が振込（${amount}）の入金を確認しました`,
    text: ({ firmName, amount, paidOn, invoiceNumbers, paidInvoiceNumbers, url }) =>
      `${firmName} が振込の入金を確認しました。\n\n金額: ${amount}\n振込日: ${paidOn}\n請求書: ${invoiceNumbers.join('、') || '（未消込）'}\n${
        paidInvoiceNumbers.length > 0 ? `入金済み: ${paidInvoiceNumbers.join('、')}\n` : ''
      }${paidInvoiceNumbers.length < invoiceNumbers.length ? '全額に満たない請求書には残額があります。\n' : ''}\n支払履歴:\n${url}`,
  },
  invoiceOverdue: {
    subject: ({ productName, invoiceNumber, dueDate }) =>
      `【${productName}】請求書 ${invoiceNumber} のお支払期限（${dueDate}）が過ぎています`,
    text: ({ firmName, invoiceNumber, reference, dueDate, balance, url }) =>
      `${firmName} の請求書 ${invoiceNumber}（案件 ${reference}）のお支払期限 ${dueDate} が過ぎましたが、まだ入金が確認されていません。\n\n残額: ${balance}\n\nすでにお振込みの場合は、ポータルで振込を記録してください。請求書:\n${url}`,
  },
  estimateSent: {
    subject: ({ productName, firmName, number }) =>
      `【${productName}】${firmName}から見積書 ${number} が届きました`,
    text: ({ firmName, number, version, title, reference, requestName, url }) =>
      `${firmName}から見積書が届きました。\n\n見積番号: ${number}${version > 1 ? `（第${version}版）` : ''}\n件名: ${title}\n整理番号: ${reference}\n依頼: ${requestName}\n\n内容を確認し、承諾または辞退してください:\n${url}`,
  },
  estimateAccepted: {
    subject: ({ productName, number }) => `【${productName}】見積書 ${number} が承諾されました`,
    text: ({ clientName, number, version, title, requestName, url }) =>
      `${clientName} さんが見積書を承諾しました（ご発注）。\n\n見積番号: ${number}${version > 1 ? `（第${version}版）` : ''}\n件名: ${title}\n依頼: ${requestName}\n\n${url}`,
  },
  estimateDeclined: {
    subject: ({ productName, number }) => `【${productName}】見積書 ${number} が辞退されました`,
    text: ({ clientName, number, version, title, requestName, reason, url }) =>
      `${clientName} さんが見積書を辞退しました。\n\n見積番号: ${number}${version > 1 ? `（第${version}版）` : ''}\n件名: ${title}\n依頼: ${requestName}\n理由: ${reason}\n\n${url}`,
  },
  invoiceIssued: {
    subject: ({ productName, firmName, number, creditNote }) =>
      `【${productName}】${firmName}から${creditNote ? '返還請求書（クレジットノート）' : '請求書'} ${number} が発行されました`,
    text: ({ firmName, number, creditNote, amount, dueDate, reference, url }) =>
      `${firmName}から${creditNote ? '返還請求書（クレジットノート）' : '請求書'}が発行されました。\n\n番号: ${number}\n整理番号: ${reference}\n${creditNote ? '金額' : 'お振込金額'}: ${amount}\n${creditNote ? '' : `お支払期日: ${dueDate}\n`}\n請求書の表示・PDF のダウンロードはポータルから:\n${url}`,
  },
  chatDigest: {
    subject: ({ productName, rooms, urgent }) =>
      `【${productName}】${urgent ? '【至急】あなた宛てのメンションを含む' : ''}未読のチャットメッセージがあります（${rooms.length}件のチャット）`,
    text: ({ rooms }) =>
      `次のチャットに未読のメッセージがあります。メッセージはポータルでお読みください。\n\n${rooms.map(jaChatRoom).join('\n\n')}\n\n同じチャットについてのお知らせは 1 時間に 1 回までです。`,
  },
};
