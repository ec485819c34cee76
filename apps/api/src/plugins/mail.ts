import fp from 'fastify-plugin';
import { createMailer, type Mailer } from '../mail/index.js';

/** `app.mailer`: .eml files by default, SMTP when configured (or one passed in by tests). */
export const mailPlugin = fp<{ mailer?: Mailer | undefined }>(
  (app, { mailer }, done) => {
    const instance = mailer ?? createMailer(app.config.mail, app.log);
    app.decorate('mailer', instance);
    app.addHook('onClose', async () => instance.close());
    done();
  },
  { name: 'mail', dependencies: ['config'] },
);
