import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { desc } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Clock } from '../clock';
import { loadConfig } from '../config';
import { openDatabase, type TDatabase } from '../db/client';
import { outbox } from '../db/schema';
import { createMessenger } from './messenger';

type TReceived = { url: string; auth: string; form: URLSearchParams };

/** A local Twilio-compatible Messages endpoint: records requests; 'To' +1000 answers error 21211. */
function fakeTwilio() {
  const received: TReceived[] = [];
  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c) => {
      body += c;
    });
    req.on('end', () => {
      const form = new URLSearchParams(body);
      received.push({ url: req.url ?? '', auth: req.headers.authorization ?? '', form });
      res.setHeader('content-type', 'application/json');
      if (form.get('To') === '+1000') {
        res.statusCode = 400;
        res.end(JSON.stringify({ code: 21211, message: "The 'To' number +1000 is not a valid phone number.", status: 400 }));
        return;
      }
      res.statusCode = 201;
      res.end(JSON.stringify({ sid: 'SM123', status: 'queued', to: form.get('To'), body: form.get('Body') }));
    });
  });
  return { server, received };
}

let database: TDatabase;
const twilio = fakeTwilio();
let baseUrl = '';
beforeAll(async () => {
  await new Promise<void>((r) => twilio.server.listen(0, '127.0.0.1', r));
  baseUrl = `http://127.0.0.1:${(twilio.server.address() as AddressInfo).port}`;
  database = await openDatabase({ dataDir: null });
  await database.migrate();
});
afterAll(async () => {
  twilio.server.close();
  await database?.close();
});

const log = pino({ level: 'silent' });

describe('messenger', () => {
  const twilioEnv = () => ({
    TWILIO_ACCOUNT_SID: 'AC1',
    TWILIO_AUTH_TOKEN: 'secret',
    TWILIO_FROM: '+15550001111',
    TWILIO_BASE_URL: baseUrl,
  });
  const lastRow = async () => (await database.db.select().from(outbox).orderBy(desc(outbox.createdAt)).limit(1))[0];

  it('sends SMS through a Twilio-compatible API with Basic auth and form fields; outside the sandbox it keeps no copy', async () => {
    const config = loadConfig({ ...twilioEnv(), SANDBOX: 'off' });
    const m = createMessenger({ db: database.db, config, clock: new Clock(), log: log as never });
    const before = await lastRow();
    await m.send({ channel: 'sms', to: '+919876543210', body: 'Your code is 1234', secret: '1234' });
    const last = twilio.received.at(-1)!;
    expect(last.url).toBe('/2010-04-01/Accounts/AC1/Messages.json');
    expect(last.auth).toBe(`Basic ${Buffer.from('AC1:secret').toString('base64')}`);
    expect(Object.fromEntries(last.form)).toEqual({ To: '+919876543210', From: '+15550001111', Body: 'Your code is 1234' });
    expect(await lastRow()).toEqual(before);
  });

  it('in the sandbox, the copy of a message that was really delivered keeps no code', async () => {
    const config = loadConfig({ ...twilioEnv(), SANDBOX: 'on' });
    const m = createMessenger({ db: database.db, config, clock: new Clock(), log: log as never });
    await m.send({ channel: 'sms', to: '+919876543211', body: 'Your code is 5678. It expires soon.', secret: '5678' });
    expect(twilio.received.at(-1)!.form.get('Body')).toBe('Your code is 5678. It expires soon.');
    const row = await lastRow();
    expect(row).toMatchObject({ channel: 'sms', to: '+919876543211', delivered: true });
    expect(row.body).not.toContain('5678');
  });

  it('outside the sandbox a channel with no provider refuses instead of only logging', async () => {
    const config = loadConfig({ SMTP_URL: 'smtp://127.0.0.1:1', SANDBOX: 'off' });
    const m = createMessenger({ db: database.db, config, clock: new Clock(), log: log as never });
    expect(m.canSend('sms')).toBe(false);
    expect(m.canSend('email')).toBe(true);
    await expect(m.send({ channel: 'sms', to: '+919876543212', body: 'x' })).rejects.toThrow(/no sms provider/);
  });

  it('fails loudly when the SMS API refuses, so the caller does not report a code as sent', async () => {
    const config = loadConfig({
      TWILIO_ACCOUNT_SID: 'AC1',
      TWILIO_AUTH_TOKEN: 'secret',
      TWILIO_FROM: '+1555',
      TWILIO_BASE_URL: baseUrl,
    });
    const m = createMessenger({ db: database.db, config, clock: new Clock(), log: log as never });
    const err = await m.send({ channel: 'sms', to: '+1000', body: 'x' }).catch((e: Error) => e);
    expect(String(err)).toMatch(/21211/);
    expect(String(err)).not.toContain('+1000');
  });

  it('keeps messages in the outbox, undelivered, when nothing is configured (sandbox)', async () => {
    const config = loadConfig({});
    const m = createMessenger({ db: database.db, config, clock: new Clock(), log: log as never });
    await m.send({ channel: 'email', to: 'a@example.com', subject: 'Code', body: 'Your code is 4321' });
    const [row] = await database.db.select().from(outbox).orderBy(desc(outbox.createdAt)).limit(1);
    expect(row).toMatchObject({ channel: 'email', to: 'a@example.com', subject: 'Code', delivered: false });
  });
});
