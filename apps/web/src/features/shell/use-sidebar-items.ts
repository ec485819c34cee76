import { useGetRequestQuery, useGetRequestUnreadSummaryQuery, useGetUserQuery } from '@ipportal/api-client';
import { Badge } from '@ipportal/ui';
import { createElement, Fragment, lazy, Suspense } from 'react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { conditionsHold } from '../../routes/access';
import { pathTo } from '../../routes/paths';
import type { RouteParams } from '../../routes/paths';
import { routeTable } from '../../routes/route-table';
import type { RouteId } from '../../routes/route-table';
import { sidebars } from '../../routes/sidebars';
import type { SidebarItem, VisibleSidebarType } from '../../routes/sidebars';
import { useRealtimeState } from '../../shared/realtime/realtime-hub';
import { selectUserType } from '../auth';
import { sidebarIcons } from './sidebar-icons';
import { createMatterOpened } from './shell-slice';

/** One entry as the design system's Sidebar and NavigationDrawer take it. */
export interface NavEntry {
  id: string;
  label: string;
  icon: ReactNode;
  href?: string;
  onClick?: () => void;
  active?: boolean;
  disabled?: boolean;
  /** Trailing counts (on the request entry: an office's requests awaiting it, the unread mails). */
  badge?: ReactNode;
}

/**
 * How often the unread mail total is asked for while a sidebar with the request entry shows:
 * modest, since live updates come with the realtime work (it is also asked for on focus).
 */
const unreadPollingMs = 60_000;

/** The chat entry's unread count: the chat's own code, loaded once a sidebar shows it. */
const ChatUnreadBadge = lazy(() => import('../chat').then((m) => ({ default: m.ChatUnreadBadge })));

function hrefOf(to: RouteId, params: Readonly<Record<string, string | undefined>>): string | null {
  const values: Record<string, string> = {};
  for (const segment of routeTable[to].path.split('/')) {
    if (!segment.startsWith(':')) continue;
    const value = params[segment.slice(1)];
    if (value === undefined) return null;
    values[segment.slice(1)] = value;
  }
  return pathTo(to, values as RouteParams<typeof to>);
}

/**
 * The entries of a sidebar for the current route and user: links built from the route table,
 * shown only when the user meets the target route's conditions; unbuilt pages disabled.
 * Fetches the user when it is not loaded yet (the organization entries depend on it). The request
 * entry carries the caller's unread mail total and, for an office, its requests awaiting an
 * answer, asked for on focus and every minute and refreshed live by the realtime connection.
 */
export function useSidebarItems(
  type: VisibleSidebarType,
  currentRoute: RouteId,
  params: Readonly<Record<string, string | undefined>>,
): NavEntry[] {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const userType = useAppSelector(selectUserType);
  const { data: user } = useGetUserQuery();
  // Until a required two-factor set-up is done only the profile opens (and the API refuses the rest).
  const setUpFirst = user?.twoFactorSetupRequired === true;
  const showsRequests = sidebars[type].some((item) => item.kind === 'link' && item.to === 'requests');
  // Polled only while no socket brings the counts (`onUnreadCounts`).
  const live = useRealtimeState() === 'connected';
  const { data: unread } = useGetRequestUnreadSummaryQuery(undefined, {
    skip: !showsRequests || userType === null || setUpFirst,
    pollingInterval: live ? 0 : unreadPollingMs,
    skipPollingIfUnfocused: true,
    refetchOnFocus: true,
  });
  const unreadBadge =
    unread && unread.unreadMailCount > 0
      ? createElement(Badge, {
          key: 'unread',
          count: unread.unreadMailCount,
          tone: 'primary',
          label: t('sidebar.requestsUnread', {
            count: unread.unreadMailCount,
            requests: unread.requestsWithUnread,
          }),
        })
      : undefined;
  // An office's requests still waiting for its answer (a new one raises it at once, live).
  const awaitingBadge =
    unread && unread.awaitingRequestCount > 0
      ? createElement(Badge, {
          key: 'awaiting',
          count: unread.awaitingRequestCount,
          label: t('sidebar.requestsAwaiting', { count: unread.awaitingRequestCount }),
        })
      : undefined;
  // On a request's pages, an office user of another office than the addressed one is its concierge.
  const requestKey =
    type === 'request-detail' && userType === 'PATENT' && params.projectId && Number(params.requestId) > 0
      ? { projectId: params.projectId, requestId: Number(params.requestId) }
      : null;
  const { data: request } = useGetRequestQuery(requestKey ?? { projectId: '', requestId: 0 }, {
    skip: !requestKey,
  });
  const coordinating =
    requestKey !== null && request !== undefined && user?.firmId != null && request.target.id !== user.firmId;
  const requestBadges =
    awaitingBadge || unreadBadge ? createElement(Fragment, null, awaitingBadge, unreadBadge) : undefined;

  const entry = (item: SidebarItem): NavEntry | null => {
    const base = { id: item.textKey, label: t(item.textKey), icon: sidebarIcons[item.icon] };
    switch (item.kind) {
      case 'action':
        if (item.action !== 'createMatter') return { ...base, href: pathTo('home') };
        // Firms (PATENT users) do not create matters: their clients do.
        if (userType === 'PATENT') return null;
        return setUpFirst
          ? { ...base, disabled: true }
          : { ...base, onClick: () => dispatch(createMatterOpened()) };
      case 'unavailable':
        return { ...base, disabled: true };
      case 'link': {
        if (item.onlyFor && item.onlyFor !== userType) return null;
        if (item.addressedOfficeOnly && coordinating) return null;
        if (!conditionsHold(routeTable[item.to].access, { userType, user })) return null;
        const href = hrefOf(item.to, params);
        if (item.disabled || href === null || setUpFirst) return { ...base, disabled: true };
        const badge =
          item.to === 'requests'
            ? requestBadges
            : item.to === 'chat'
              ? createElement(Suspense, null, createElement(ChatUnreadBadge))
              : undefined;
        return {
          ...base,
          href,
          active: item.to === currentRoute || (item.to === 'chat' && currentRoute === 'chatRoom'),
          ...(badge ? { badge } : {}),
        };
      }
    }
  };

  return sidebars[type].map(entry).filter((item): item is NavEntry => item !== null);
}
