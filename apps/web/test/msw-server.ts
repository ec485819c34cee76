import { chatEndpoints, firmEndpoints, pensionForecastEndpoints, requestEndpoints } from '@ipportal/domain';
import { HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { handlerFor } from './handler-for';

export { testApiBase } from './api-base';

/**
 * Every signed-in firm user's shell asks for their office (the office-information reminder):
 * by default the office is complete, so no reminder shows. Tests of the reminder override it.
 */
export const completeOfficeHandler = handlerFor(firmEndpoints.getOwnFirm, () =>
  HttpResponse.json({
    hasError: false,
    message: '',
    item: {
      id: '5d0c8a8e-3f0e-4c8e-9a54-2a6f3d9b7c01',
      name: 'さくら国際特許事務所',
      nameEn: 'Sakura International Patent Office',
      officeType: 'patentAttorney',
      regionCode: 1,
      address: '東京都千代田区丸の内2-2-2',
      phoneNumber: '+81352123456',
      email: 'info@sakura-ip.example.com',
      website: null,
      languages: ['ja', 'en'],
      caseTypes: [0, 2],
      technicalFields: [],
      feeNotes: null,
      complete: true,
      concierge: false,
      updateDate: '2026-01-01T00:00:00.000Z',
    },
  }),
);

/**
 * The main sidebar asks for the unread request mails of either user type: by default there are
 * none, so no badge shows. Tests of the badge override it.
 */
export const noUnreadMailHandlers = (['user', 'patent'] as const).map((namespace) =>
  handlerFor(
    requestEndpoints.getRequestUnreadSummary,
    () =>
      HttpResponse.json({
        hasError: false,
        message: '',
        item: { unreadMailCount: 0, requestsWithUnread: 0, awaitingRequestCount: 0 },
      }),
    { namespace: namespace },
  ),
);

/**
 * The main sidebar's chat entry asks for the unread chat messages, and /chat for the room list:
 * by default none and no rooms. Tests of the chat override them.
 */
export const noChatHandlers = (['user', 'patent'] as const).flatMap((namespace) => [
  handlerFor(
    chatEndpoints.getChatUnreadSummary,
    () =>
      HttpResponse.json({
        hasError: false,
        message: '',
        item: { unreadMessageCount: 0, roomsWithUnread: 0, unreadMentionCount: 0 },
      }),
    { namespace: namespace },
  ),
  handlerFor(
    chatEndpoints.listChatRooms,
    () => HttpResponse.json({ hasError: false, message: '', items: [], nextCursor: null }),
    { namespace: namespace },
  ),
]);

/** The organization management page shows the chat setting: by default read receipts are shared. */
export const sharedReadReceiptsHandler = handlerFor(chatEndpoints.getChatSettings, () =>
  HttpResponse.json({ hasError: false, message: '', item: { shareReadReceipts: true } }),
);

/** Network mock at the fetch level for component tests; tests add handlers with `server.use`. */
/**
 * /pension also asks for the annuity forecast: by default it has no payment and no rate. Tests of
 * the forecast override it.
 */
export const emptyForecastHandler = handlerFor(pensionForecastEndpoints.getPensionForecast, () =>
  HttpResponse.json({
    hasError: false,
    message: '',
    item: {
      today: '2026-11-26',
      firstYear: 2026,
      lastYear: 2035,
      sharedWith: 'organization',
      canSetRates: false,
      currencies: ['EUR', 'USD'],
      rates: [],
      total: { amounts: [], yen: 0, missingRates: [] },
      saving: { amounts: [], yen: 0, missingRates: [] },
      byYear: [],
      byRegion: [],
      matters: [],
    },
  }),
);

export const server = setupServer(
  completeOfficeHandler,
  ...noUnreadMailHandlers,
  ...noChatHandlers,
  sharedReadReceiptsHandler,
  emptyForecastHandler,
);
