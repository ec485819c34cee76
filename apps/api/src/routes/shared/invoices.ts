import type { FastifyInstance, FastifyRequest } from 'fastify';
import { invoiceEndpoints } from '@ipportal/domain';
import { invoicesCsv } from '../../billing/csv.js';
import { sendCsv } from '../../http/send-csv.js';
import { sendStoredFile } from '../../http/downloads.js';
import { itemAnswer, itemsAnswer } from '../../http/envelope.js';
import { sendKeptAnswer } from '../../http/kept-answers.js';
import { portalLink } from '../../http/portal-link.js';
import { answerWith, route, routePlugin, type NamespaceOptions } from '../../http/route.js';
import { mailQueueOf } from '../../mail/index.js';
import { findInvoicePdf, getInvoice, listRequestInvoices } from '../../repositories/billing/invoices.js';
import { listInvoices, searchAllInvoices } from '../../repositories/billing/invoice-list.js';
import { invoiceListVersion } from '../../repositories/billing/invoice-list-version.js';
import { deleteDraft, updateDraft } from '../../use-cases/draft-document.js';
import { createInvoice } from '../../use-cases/draft-invoice.js';
import { issueInvoice, type IssueInvoiceDeps } from '../../use-cases/issue-invoice.js';
import { voidInvoice } from '../../use-cases/void-invoice.js';

const exportCap = 10_000;

/** What issuing an invoice needs from the app: the office's issue route and the concierge start. */
export function invoiceIssueDeps(app: FastifyInstance, request: FastifyRequest): IssueInvoiceDeps {
  return {
    db: app.db,
    storage: app.storage,
    jobs: app.jobs,
    queue: mailQueueOf(app.jobs),
    bus: app.bus,
    link: (path) => portalLink(app.config, request, path),
    requestTimeoutMs: app.config.timeouts.requestMs,
  };
}

/**
 * Invoices and credit notes, mounted in both namespaces: both sides read, search, export and
 * download the stored PDF; only the issuing office drafts, issues and voids (/patent only).
 */
export const invoiceRoutes = routePlugin<NamespaceOptions>((app, { namespace }) => {
  route(
    app,
    invoiceEndpoints.listRequestInvoices,
    async ({ principal, params }) =>
      answerWith(itemsAnswer, await listRequestInvoices(app.db, principal, params)),
    { namespace },
  );

  route(
    app,
    invoiceEndpoints.getInvoice,
    async ({ principal, params }) =>
      answerWith(itemAnswer, await getInvoice(app.db, principal, params.invoiceId)),
    { namespace },
  );

  route(
    app,
    invoiceEndpoints.invoicePdf,
    async ({ principal, params, reply }) => {
      const found = await findInvoicePdf(app.db, principal, params.invoiceId);
      return answerWith((file) => sendStoredFile(reply, app.storage, file, 'invoiceNotFound'), found);
    },
    { namespace },
  );

  route(
    app,
    invoiceEndpoints.listInvoices,
    async ({ principal, query, reply }) => {
      const read = async () => {
        const { items, total, balanceSum } = await listInvoices(app.db, principal, query);
        return itemsAnswer(items, { total, balanceSum });
      };
      // A page the caller's whole scope shares is kept as sent while the scope does not change.
      const version = await invoiceListVersion(app.db, principal, query);
      return version ? sendKeptAnswer(reply, version, read) : read();
    },
    { namespace },
  );

  route(
    app,
    invoiceEndpoints.exportInvoices,
    async ({ principal, query, reply }) =>
      sendCsv(
        reply,
        invoicesCsv(
          await searchAllInvoices(app.db, principal, query, exportCap),
          namespace === 'patent' ? 'office' : 'client',
        ),
        'invoices',
      ),
    { namespace },
  );

  if (namespace === 'patent') {
    route(app, invoiceEndpoints.createInvoice, async ({ principal, params, body, actor }) =>
      answerWith(itemAnswer, await createInvoice(app, { principal, actor, params, body })),
    );
    route(app, invoiceEndpoints.updateInvoice, async ({ principal, params, body, actor }) =>
      answerWith(
        itemAnswer,
        await updateDraft(app, 'invoice', { principal, actor, target: params.invoiceId, body }),
      ),
    );
    route(app, invoiceEndpoints.deleteInvoice, async ({ principal, params, reply }) =>
      answerWith(
        () => reply.code(204).send(),
        await deleteDraft(app, 'invoice', { principal, target: params.invoiceId }),
      ),
    );
    route(app, invoiceEndpoints.issueInvoice, async ({ principal, params, actor, request }) =>
      answerWith(
        itemAnswer,
        await issueInvoice(invoiceIssueDeps(app, request), { principal, actor, invoiceId: params.invoiceId }),
      ),
    );
    route(app, invoiceEndpoints.voidInvoice, async ({ principal, params, body, actor }) =>
      answerWith(
        itemAnswer,
        await voidInvoice(app, { principal, actor, invoiceId: params.invoiceId, reason: body.reason }),
      ),
    );
  }
});
