import { pensionForecastEndpoints, todayInJapan } from '@ipportal/domain';
import { sendCsv } from '../../http/send-csv.js';
import { itemAnswer } from '../../http/envelope.js';
import { requestLocale } from '../../http/locale.js';
import { answerWith, route, routePlugin } from '../../http/route.js';
import {
  getPensionForecast,
  readForecast,
  setExchangeRates,
  setForecastAbandoned,
} from '../../repositories/pension-forecast/index.js';
import { forecastCsv } from '../../csv/pension-forecast.js';

/** /pension-forecast: the annuities of the next 10 years in yen, the rates, the matters to be abandoned. */
export const pensionForecastRoutes = routePlugin((app) => {
  route(app, pensionForecastEndpoints.getPensionForecast, async ({ principal }) =>
    itemAnswer(await getPensionForecast(app.db, principal, todayInJapan())),
  );

  route(app, pensionForecastEndpoints.exportPensionForecastCsv, async ({ principal, request, reply }) =>
    sendCsv(
      reply,
      forecastCsv(await readForecast(app.db, principal, todayInJapan()), requestLocale(request)),
      'pension-forecast',
    ),
  );

  route(app, pensionForecastEndpoints.setExchangeRates, async ({ principal, body }) =>
    answerWith(itemAnswer, await setExchangeRates(app.db, principal, body.rates, todayInJapan())),
  );

  route(app, pensionForecastEndpoints.setForecastAbandoned, async ({ principal, body }) =>
    answerWith(itemAnswer, await setForecastAbandoned(app.db, principal, body, todayInJapan())),
  );
});
