import { translateDomainKey } from '@ipportal/domain';
import { describe, expect, it } from 'vitest';
import invoicesEn from '../features/invoices/locales/en.json';
import invoicesJa from '../features/invoices/locales/ja.json';
import billingOfficeEn from '../features/billing-office/locales/en.json';
import billingOfficeJa from '../features/billing-office/locales/ja.json';
import partnerFirmEn from '../features/partner-firm/locales/en.json';
import partnerFirmJa from '../features/partner-firm/locales/ja.json';
import projectsEn from '../features/projects/locales/en.json';
import projectsJa from '../features/projects/locales/ja.json';
import termsEn from '../features/terms/locales/en.json';
import termsJa from '../features/terms/locales/ja.json';
import { messagesFor } from './i18n';

/*
 * One wording per thing: the same control, page or status reads the same wherever it shows, so
 * a user recognises it (and a manual or a support answer can name it).
 */

const texts = {
  ja: {
    app: messagesFor('ja'),
    invoices: invoicesJa,
    billingOffice: billingOfficeJa,
    partnerFirm: partnerFirmJa,
    projects: projectsJa,
    terms: termsJa,
  },
  en: {
    app: messagesFor('en'),
    invoices: invoicesEn,
    billingOffice: billingOfficeEn,
    partnerFirm: partnerFirmEn,
    projects: projectsEn,
    terms: termsEn,
  },
};

describe.each(['ja', 'en'] as const)('wording (%s)', (locale) => {
  const { app, invoices, billingOffice, partnerFirm, projects, terms } = texts[locale];

  it('names the CSV button one way on every list', () => {
    const buttons = new Set([
      projects.projects.list.export,
      invoices.invoices.list.csv,
      billingOffice.billingOffice.list.csv,
      terms.terms.csv,
    ]);
    expect([...buttons]).toHaveLength(1);
    expect(invoices.invoices.list.csvFailed).toBe(billingOffice.billingOffice.list.csvFailed);
  });

  it("names the office's own profile page as its menu entries and heading do", () => {
    const app_ = app as unknown as {
      route: { partnerFirm: string; editPartnerFirm: string };
      sidebar: { partnerFirm: string };
      header: { menu: { partnerFirm: string } };
    };
    expect(app_.route.partnerFirm).toBe(app_.sidebar.partnerFirm);
    expect(app_.header.menu.partnerFirm).toBe(app_.sidebar.partnerFirm);
    expect(partnerFirm.partnerFirm.office.heading).toBe(app_.sidebar.partnerFirm);
    expect(app_.route.editPartnerFirm.toLowerCase()).toContain(app_.sidebar.partnerFirm.toLowerCase());
  });

  it('quotes the concierge status in the confirm dialog as the request lists show it', () => {
    const shown = translateDomainKey(locale, 'code.concierge.awaitingPayment');
    expect(invoices.invoices.tab.concierge.confirmMessage).toContain(shown);
  });
});
