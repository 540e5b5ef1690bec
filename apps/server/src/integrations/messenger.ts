import { desc } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Transporter } from 'nodemailer';
import type { Clock } from '../clock';
import type { TConfig } from '../config';
import type { TDb } from '../db/client';
import { outbox } from '../db/schema';
import { newId } from '../lib/ids';

/** `secret`: the code or link token inside `body`; a stored copy of a delivered message never holds it. */
export type TMessage = { channel: 'email' | 'sms'; to: string; subject?: string; body: string; secret?: string };

export type TMessenger = {
  /** Whether a message on this channel can reach anyone: a configured provider, or the sandbox outbox. */
  canSend(channel: TMessage['channel']): boolean;
  send(message: TMessage): Promise<void>;
};

export class ChannelUnavailableError extends Error {
  constructor(readonly channel: TMessage['channel']) {
    super(`no ${channel} provider is configured`);
  }
}

/**
 * Sends mail through SMTP and SMS through a Twilio-compatible API when configured. Only in sandbox
 * mode is a copy kept in the outbox table (what /sandbox/outbox shows); a copy of a message that was
 * really delivered has its code blanked. Outside the sandbox a channel with no provider refuses.
 * Nothing about the recipient or the text goes to the log.
 */
export function createMessenger(deps: { db: TDb; config: TConfig; clock: Clock; log: FastifyBaseLogger }): TMessenger {
  const { db, config, clock, log } = deps;
  const { smtpUrl } = config.mail;
  // nodemailer is loaded with the first mail, not at start: a server without SMTP, or an idle one, never needs it
  let transport: Promise<Transporter> | null = null;
  const transportOf = (url: string) => {
    transport ??= import('nodemailer').then(({ default: nodemailer }) => nodemailer.createTransport(url));
    return transport;
  };
  const configured = (channel: TMessage['channel']) => (channel === 'email' ? !!smtpUrl : !!config.sms);

  async function deliver(m: TMessage): Promise<boolean> {
    if (m.channel === 'email' && smtpUrl) {
      await (await transportOf(smtpUrl)).sendMail({ from: config.mail.from, to: m.to, subject: m.subject, text: m.body });
      return true;
    }
    if (m.channel === 'sms' && config.sms) {
      const { accountSid, authToken, from, baseUrl } = config.sms;
      const res = await fetch(`${baseUrl}/2010-04-01/Accounts/${accountSid}/Messages.json`, {
        method: 'POST',
        headers: {
          authorization: `Basic ${Buffer.from(`${accountSid}:${authToken}`).toString('base64')}`,
          'content-type': 'application/x-www-form-urlencoded',
        },
        body: new URLSearchParams({ To: m.to, From: from, Body: m.body.slice(0, 1600) }).toString(),
      });
      if (!res.ok) {
        // Twilio's message text names the number: only its code travels on.
        const err = (await res.json().catch(() => ({}))) as { code?: number };
        throw new Error(`SMS not sent: provider error ${err.code ?? res.status}`);
      }
      return true;
    }
    return false;
  }

  return {
    canSend: (channel) => configured(channel) || config.sandbox,
    async send(m) {
      if (!configured(m.channel) && !config.sandbox) throw new ChannelUnavailableError(m.channel);
      const delivered = await deliver(m);
      if (!config.sandbox) return;
      const body = delivered && m.secret ? m.body.split(m.secret).join('[sent]') : m.body;
      const id = newId();
      await db.insert(outbox).values({
        id,
        channel: m.channel,
        to: m.to,
        subject: m.subject ?? null,
        body,
        delivered,
        createdAt: clock.now(),
      });
      if (!delivered) log.info({ outboxId: id, channel: m.channel }, 'sandbox outbox: message kept, see /sandbox/outbox');
    },
  };
}

/** The latest messages kept in the outbox, newest first (what the sandbox's /sandbox/outbox page shows). */
export async function latestOutbox(db: TDb, limit: number) {
  return db.select().from(outbox).orderBy(desc(outbox.createdAt)).limit(limit);
}
