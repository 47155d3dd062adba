import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import nodemailer, { type Transporter } from 'nodemailer';
import { mailOutbox } from '../../db/schema';
import type { Db } from '../../db/types';
import { VALIDATION } from '@portal/contracts';
import { AppError } from '../errors';
import { type MailContent, mailText } from './content';
import { mailHtml } from './layout';

export interface MailMessage {
  namespaceId: number | null;
  to: string;
  /** What the mail says: a template's answer (see content.ts); sent as text and as HTML. */
  content: MailContent;
  /** Files sent with the mail (SMTP only; the outbox and the log name them). */
  attachments?: MailAttachment[];
}

/**
 * A message's bodies made by its sender (`sendMany`): exactly `mailText` and `mailHtml` of its
 * content, made once for many alike mails (the due reminders: one rendering per company's list).
 */
export interface RenderedMail {
  text: string;
  html: string;
}

export interface MailAttachment {
  filename: string;
  content: Buffer;
  contentType: string;
}

/**
 * Mail goes through SMTP when SMTP_URL is set. Either way it is kept in the outbox table;
 * without SMTP it is written to the server log instead (DECISIONS 6), so the quick start
 * needs no mail server and a test can read the OTP from the outbox.
 */
export class Mailer {
  private transport: Transporter | null;

  constructor(
    private readonly db: Db,
    private readonly log: FastifyBaseLogger,
    private readonly from: string,
    smtpUrl?: string,
  ) {
    this.transport = smtpUrl ? nodemailer.createTransport(smtpUrl) : null;
  }

  get mode(): 'smtp' | 'log' {
    return this.transport ? 'smtp' : 'log';
  }

  /**
   * Many mails at once (the daily due reminders): their outbox rows in one statement per
   * hundred, then each sent in turn (SMTP). A mail SMTP refuses stays `failed` in the outbox and
   * the others still go; nothing throws. Answers how many went and how many failed.
   */
  async sendMany(
    messages: Array<Omit<MailMessage, 'attachments'> & { rendered?: RenderedMail }>,
  ): Promise<{ sent: number; failed: number }> {
    let sent = 0;
    let failed = 0;
    for (let start = 0; start < messages.length; start += 100) {
      const batch = messages.slice(start, start + 100);
      const rendered = [];
      for (const message of batch)
        rendered.push({
          message,
          text: message.rendered?.text ?? mailText(message.content),
          html: message.rendered?.html ?? (await mailHtml(message.content)),
        });
      const rows = await this.db
        .insert(mailOutbox)
        .values(
          rendered.map(({ message, text, html }) => ({
            namespaceId: message.namespaceId,
            toAddress: message.to,
            subject: message.content.subject,
            textBody: text,
            htmlBody: html,
            status: this.transport ? 'queued' : 'logged',
          })),
        )
        .returning({ id: mailOutbox.id });
      for (const [i, { message, text, html }] of rendered.entries()) {
        const subject = message.content.subject;
        if (!this.transport) {
          this.log.info({ mail: { to: message.to, subject, text } }, 'mail (no SMTP_URL set)');
          sent++;
          continue;
        }
        try {
          await this.transport.sendMail({ from: this.from, to: message.to, subject, text, html });
          await this.db.update(mailOutbox).set({ status: 'sent', sentAt: new Date() }).where(eq(mailOutbox.id, rows[i].id));
          sent++;
        } catch (error) {
          failed++;
          this.log.error({ err: error, to: message.to }, 'mail delivery failed');
          await this.db
            .update(mailOutbox)
            .set({ status: 'failed', error: String((error as Error).message).slice(0, 500) })
            .where(eq(mailOutbox.id, rows[i].id));
        }
      }
    }
    return { sent, failed };
  }

  async send(message: MailMessage): Promise<void> {
    const subject = message.content.subject;
    const text = mailText(message.content);
    const html = await mailHtml(message.content);
    const [row] = await this.db
      .insert(mailOutbox)
      .values({
        namespaceId: message.namespaceId,
        toAddress: message.to,
        subject,
        textBody: message.attachments?.length ? `${text}\n\n[attachments: ${message.attachments.map((a) => a.filename).join(', ')}]` : text,
        htmlBody: html,
        status: this.transport ? 'queued' : 'logged',
      })
      .returning({ id: mailOutbox.id });
    if (!this.transport) {
      this.log.info(
        {
          mail: {
            to: message.to,
            subject,
            text,
            attachments: message.attachments?.map((a) => `${a.filename} (${a.content.length} bytes)`),
          },
        },
        'mail (no SMTP_URL set)',
      );
      return;
    }
    try {
      await this.transport.sendMail({
        from: this.from,
        to: message.to,
        subject,
        text,
        html,
        attachments: message.attachments?.map((a) => ({ filename: a.filename, content: a.content, contentType: a.contentType })),
      });
      await this.db.update(mailOutbox).set({ status: 'sent', sentAt: new Date() }).where(eq(mailOutbox.id, row.id));
    } catch (error) {
      this.log.error({ err: error }, 'mail delivery failed');
      await this.db
        .update(mailOutbox)
        .set({ status: 'failed', error: String((error as Error).message).slice(0, 500) })
        .where(eq(mailOutbox.id, row.id));
      throw new AppError(503, VALIDATION.mailNotSent);
    }
  }
}
