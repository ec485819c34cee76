import { mkdtemp, readFile, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createMailer, renderMail } from '../../src/mail/index.js';

describe('mail', () => {
  let dir: string;
  const lines: string[] = [];
  const logger = { info: (_obj: unknown, msg: string) => lines.push(msg) } as unknown as FastifyBaseLogger;

  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'ipportal-mail-'));
  });
  afterAll(async () => rm(dir, { recursive: true, force: true }));

  test('templates exist in ja and en and use the product name', () => {
    const ja = renderMail('ja', 'signupCode', { code: '123456', name: '山田 太郎' });
    expect(ja.subject).toBe('【IP Portal】メールアドレスの確認コード');
    expect(ja.text).toContain('確認コード: 123456');
    const en = renderMail('en', 'passwordResetCode', { code: '654321' });
    expect(en.subject).toBe('[IP Portal] Your password reset code');
    expect(en.text).toContain('Verification code: 654321');
  });

  test('the HTML part escapes parameters and links URLs', () => {
    const html = renderMail('en', 'requestReceived', {
      projectTitle: '<script>x</script>',
      requestName: 'R',
      url: 'https://portal.example.com/requests/1/2',
    }).html;
    expect(html).not.toContain('<script>');
    expect(html).toContain('&#60;script&#62;');
    expect(html).toContain('<a href="https://portal.example.com/requests/1/2">');
  });

  test('by default each mail is an .eml file under the mail folder, logged in one line, in the recipient language', async () => {
    const mailer = createMailer(
      { from: 'IP Portal <no-reply@example.com>', transport: { kind: 'eml', dir } },
      logger,
    );
    const sent = await mailer.send({
      to: 'demo@example.com',
      locale: 'ja',
      template: 'signupCode',
      params: { code: '246810' },
    });
    expect(sent.file?.startsWith(dir)).toBe(true);
    expect(await readdir(dir)).toEqual([path.basename(sent.file!)]);
    expect(path.basename(sent.file!)).toMatch(/_demo@example\.com_signupCode\.eml$/);
    const eml = await readFile(sent.file!, 'utf8');
    expect(eml).toContain('To: demo@example.com');
    expect(eml).toContain('From: IP Portal <no-reply@example.com>');
    expect(eml).toMatch(/Subject: =\?UTF-8\?/);
    expect(eml).toMatch(/^X-IPPortal-Template: signupCode$/im);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toContain('demo@example.com');
    await mailer.close();
  });
});
