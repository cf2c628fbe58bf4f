// A message as queued in the outbox (lib/mail.ts sends it; db/schema.ts types its column), apart
// from the sender so that the schema needs nothing else of it.

/** How soon a message goes out relative to others waiting: higher first. */
export const MAIL_PRIORITY = { account: 10, normal: 5, bulk: 0 } as const;
type MailPriority = keyof typeof MAIL_PRIORITY;

/** A rendered message, as queued. */
export interface MailMessage {
  to: string;
  subject: string;
  html: string;
  text: string;
  /** Which template made it (welcome, password-reset...), for logs and the outbox. */
  kind: string;
  /** Default `normal`; `account` for links the customer is waiting for, `bulk` for newsletters. */
  priority?: MailPriority;
  /** Files sent with it (base64, as the outbox row keeps JSON); `cid` shows one in the HTML. */
  attachments?: MailAttachment[];
}

export interface MailAttachment {
  filename: string;
  contentType: string;
  /** The bytes, base64. */
  content: string;
  /** The Content-ID an `<img src="cid:…">` of the HTML part refers to. */
  cid?: string;
}
