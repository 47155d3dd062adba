export { type MailContent, type MailGroup, mailText } from './content';
export { mailHtml } from './layout';
export { type MailAttachment, type MailMessage, Mailer, type RenderedMail } from './mailer';
