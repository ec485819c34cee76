import type { ThunkAction, UnknownAction } from '@reduxjs/toolkit';
import type { RequestMail, RequestMailEvent } from '@ipportal/domain';
import type { RequestKey } from '../requests/requests-api.js';
import { requestDetailApi, requestDetailId } from './request-detail-api.js';

/*
 * Changes a request's mail thread already knows (a realtime frame that carries the change, ADR
 * 0055, or the answer to the caller's own POST) written into the cache instead of refetched: the
 * new mail, the read marks a read set, the thread's unread count on the caller's side. Only a gap
 * (the server's thread holds another number of mails than the cache: a frame was lost) refetches.
 */

// Any state and extra, as RTK Query's own thunks are typed: the app's store has more slices.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type MailThunk = ThunkAction<void, any, any, UnknownAction>;
type ApiState = Parameters<typeof requestDetailApi.util.selectCachedArgsForQuery>[0];

/** The thread's order, as GET .../mails sends it: oldest first, then by id. */
const threadOrder = (a: RequestMail, b: RequestMail) =>
  a.sentAt === b.sentAt ? (a.id < b.id ? -1 : a.id > b.id ? 1 : 0) : a.sentAt < b.sentAt ? -1 : 1;

function putMail(items: RequestMail[], mail: RequestMail): void {
  const at = items.findIndex((item) => item.id === mail.id);
  if (at >= 0) {
    items[at] = mail;
    return;
  }
  items.push(mail);
  items.sort(threadOrder);
}

/**
 * A frame of the thread's change document: the new mail put in its place (or the read marks set),
 * the unread count taken as the server counts it. A thread not loaded is left alone (it fetches
 * when shown); one that then holds another number of mails than the server's is refetched.
 */
export function applyRequestMailEvent(key: RequestKey, event: RequestMailEvent): MailThunk {
  return (dispatch, getState) => {
    const select = requestDetailApi.endpoints.listRequestMails.select(key);
    if (!select(getState() as ApiState).data) return;
    dispatch(
      requestDetailApi.util.updateQueryData('listRequestMails', key, (draft) => {
        if (event.mail) putMail(draft.items, event.mail);
        for (const read of event.reads ?? []) {
          const mail = draft.items.find((item) => item.id === read.id);
          if (mail) mail.readAt = read.readAt;
        }
        if (event.unreadCount !== undefined) draft.unreadCount = event.unreadCount;
      }),
    );
    const held = select(getState() as ApiState).data?.items.length;
    if (event.mailCount !== undefined && held !== event.mailCount) {
      dispatch(requestDetailApi.util.invalidateTags([{ type: 'RequestMail', id: requestDetailId(key) }]));
    }
  };
}

/** The caller's own mail, from the POST's answer, in its place in the thread (its own side's count is unchanged). */
export function applyOwnRequestMail(key: RequestKey, mail: RequestMail): MailThunk {
  return (dispatch) => {
    dispatch(
      requestDetailApi.util.updateQueryData('listRequestMails', key, (draft) => {
        putMail(draft.items, mail);
      }),
    );
  };
}
