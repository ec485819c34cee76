import { realtimeChangeDocuments, realtimeTopics } from '@ipportal/domain';
import { describe, expect, test } from 'vitest';
import { selectsChange } from '../../src/realtime/document.js';

describe('a start that selects the change itself (ADR 0050, ADR 0055)', () => {
  test('the change documents select it; the topics’ own documents and other topics do not', () => {
    expect(selectsChange(realtimeChangeDocuments.onChatRoom, 'onChatRoom')).toBe(true);
    expect(selectsChange(realtimeChangeDocuments.onChatUnread, 'onChatUnread')).toBe(true);
    expect(selectsChange(realtimeTopics.onChatRoom.query, 'onChatRoom')).toBe(false);
    expect(selectsChange(realtimeTopics.onChatUnread.query, 'onChatUnread')).toBe(false);
    expect(selectsChange(realtimeTopics.onRequestMail.query, 'onRequestMail')).toBe(false);
    expect(selectsChange(realtimeTopics.onUnreadCounts.query, 'onUnreadCounts')).toBe(false);
    // The request mails' (ADR 0055).
    expect(selectsChange(realtimeChangeDocuments.onRequestMail, 'onRequestMail')).toBe(true);
    expect(selectsChange(realtimeChangeDocuments.onUnreadCounts, 'onUnreadCounts')).toBe(true);
    expect(selectsChange(realtimeTopics.onNotification.query, 'onNotification')).toBe(false);
  });

  test('only the root field’s first level counts; arguments, nesting and comments do not', () => {
    expect(
      selectsChange('subscription { onChatRoom(projectId: "x", requestId: 1) { seq side } }', 'onChatRoom'),
    ).toBe(true);
    expect(
      selectsChange('subscription { onChatUnread { unreadMessageCount other { room } } }', 'onChatUnread'),
    ).toBe(false);
    expect(
      selectsChange('subscription { onChatUnread { unreadMessageCount # room\n } }', 'onChatUnread'),
    ).toBe(false);
    expect(
      selectsChange('subscription { onChatUnread { unreadMessageCount } } { room }', 'onChatUnread'),
    ).toBe(false);
  });
});
