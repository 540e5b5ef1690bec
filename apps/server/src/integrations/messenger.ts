import type { FastifyBaseLogger } from 'fastify';
import nodemailer from 'nodemailer';
import type { Clock } from '../clock';
import type { TConfig } from '../config';
import type { TDb } from '../db/client';
import { outbox } from '../db/schema';
import { newId } from '../lib/ids';

export type TMessage = { channel: 'email' | 'sms'; to: string; subject?: string; body: string };

export type TMessenger = { send(message: TMessage): Promise<void> };

/**
 * Sends mail through SMTP and SMS through a Twilio-compatible API when configured; every message is
 * also kept in the outbox table, which the sandbox shows at /sandbox/outbox when nothing is configured.
 */
export function createMessenger(deps: { db: TDb; config: TConfig; clock: Clock; log: FastifyBaseLogger }): TMessenger {
  const { db, config, clock, log } = deps;
  const transport = config.mail.smtpUrl ? nodemailer.createTransport(config.mail.smtpUrl) : null;

  async function deliver(m: TMessage): Promise<boolean> {
    if (m.channel === 'email' && transport) {
      await transport.sendMail({ from: config.mail.from, to: m.to, subject: m.subject, text: m.body });
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
        const err = (await res.json().catch(() => ({}))) as { code?: number; message?: string };
        throw new Error(`SMS not sent: ${err.code ?? res.status} ${err.message ?? ''}`);
      }
      return true;
    }
    return false;
  }

  return {
    async send(m) {
      const delivered = await deliver(m);
      await db.insert(outbox).values({
        id: newId(),
        channel: m.channel,
        to: m.to,
        subject: m.subject ?? null,
        body: m.body,
        delivered,
        createdAt: clock.now(),
      });
      if (!delivered) log.info({ channel: m.channel, to: m.to }, `outbox: ${m.subject ?? ''} ${m.body}`);
    },
  };
}
