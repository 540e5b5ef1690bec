import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { type TWebhook, type TWebhookDelivery, WEBHOOK_EVENT_TEXT, WEBHOOK_MSG } from '@virality/domain';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fail, mockFetch, ok, renderPage, storeSession, testQueryClient } from '../../../testing';
import { WebhooksSection } from './webhooks-section';

function open() {
  storeSession('INFLUENCER');
  return renderPage('/profile/apikeys', <WebhooksSection />, { queryClient: testQueryClient({ staleTime: 0 }) });
}

const URL_A = 'https://hooks.example.com/virality/receive-every-event-for-this-account';
const hookOf = (over: Partial<TWebhook> = {}): TWebhook => ({
  id: 'wh_1',
  url: URL_A,
  events: ['post.published', 'post.failed'],
  createdAt: '2026-12-01T10:00:00.000Z',
  ...over,
});
const SECRET = `whsec_${'s'.repeat(43)}`;

const minutesFromNow = (m: number) => new Date(Date.now() + m * 60_000).toISOString();
const deliveryOf = (over: Partial<TWebhookDelivery> = {}): TWebhookDelivery => ({
  id: 'whd_1',
  eventId: 'evt_1',
  type: 'post.published',
  createdAt: minutesFromNow(-3),
  state: 'delivered',
  attempts: 1,
  nextAttemptAt: null,
  lastAttemptAt: minutesFromNow(-3),
  lastStatus: 200,
  lastResponse: 'ok',
  lastError: null,
  deliveredAt: minutesFromNow(-3),
  payload: { id: 'evt_1', type: 'post.published', data: { postId: 'p1', network: 'twitter' } },
  ...over,
});

/** The row of each delivery in the open log, in order. */
async function openLog(user: ReturnType<typeof userEvent.setup>) {
  const row = await screen.findByRole('listitem', { name: URL_A });
  await user.click(within(row).getByRole('button', { name: 'Deliveries' }));
  const log = await screen.findByRole('region', { name: 'Deliveries' });
  return { row, log };
}

describe('the webhooks section', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('with no webhooks: says so, and adds one with an address and events; the secret is shown once, then the webhook is listed', async () => {
    const hooks: TWebhook[] = [];
    const calls = mockFetch((c) => {
      if (c.method === 'GET' && c.path === 'webhooks') return ok([...hooks]);
      if (c.method === 'POST' && c.path === 'webhooks') {
        const body = c.body as { url: string; events: TWebhook['events'] };
        const made = hookOf({ url: body.url, events: body.events });
        hooks.push(made);
        return ok({ ...made, secret: SECRET }, WEBHOOK_MSG.created);
      }
      return undefined;
    });
    const user = userEvent.setup();
    open();
    expect(await screen.findByRole('heading', { name: 'No webhooks yet', level: 3 })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Add webhook' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add a webhook' });
    // each event is offered with what it means
    const published = within(dialog).getByRole('checkbox', { name: 'post.published' });
    expect(within(dialog).getByText(WEBHOOK_EVENT_TEXT['post.published'])).toBeTruthy();
    // an address and an event are needed, checked before anything is sent
    await user.click(within(dialog).getByRole('button', { name: 'Add webhook' }));
    expect(within(dialog).getByText(WEBHOOK_MSG.urlInvalid)).toBeTruthy();
    expect(within(dialog).getByText(WEBHOOK_MSG.eventsRequired)).toBeTruthy();
    expect(calls.filter((c) => c.method === 'POST')).toEqual([]);

    await user.type(within(dialog).getByLabelText(/^Endpoint URL/), URL_A);
    await user.click(published);
    await user.click(within(dialog).getByRole('checkbox', { name: 'payment.completed' }));
    await user.click(within(dialog).getByRole('button', { name: 'Add webhook' }));
    const shown = await screen.findByRole('dialog', { name: 'Your webhook’s signing secret' });
    expect(within(shown).getByLabelText('The signing secret').textContent).toBe(SECRET);
    expect(within(shown).getByText('Copy this secret now: for your security it is not shown again.')).toBeTruthy();
    expect(within(shown).getByRole('button', { name: 'Copy secret' })).toBeTruthy();
    expect(within(shown).getByRole('heading', { name: 'How to verify a delivery' })).toBeTruthy();
    expect(within(shown).getByText('Virality-Signature')).toBeTruthy();
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ url: URL_A, events: ['post.published', 'payment.completed'] });
    await user.click(within(shown).getByRole('button', { name: 'Done' }));

    const row = await screen.findByRole('listitem', { name: URL_A });
    expect(within(row).getByTitle(URL_A)).toBeTruthy();
    const events = within(row).getByRole('list', { name: 'Events' });
    expect(within(events).getByText('post.published')).toBeTruthy();
    expect(within(events).getByText('payment.completed')).toBeTruthy();
    expect(within(row).getByText('Added 1 Dec 2026')).toBeTruthy();
    // the secret is never on the page again
    await waitFor(() => expect(screen.queryByText(SECRET)).toBeNull());
  });

  it("the server's refusal is shown in the dialog, in its words", async () => {
    mockFetch((c) => {
      if (c.method === 'GET') return ok([]);
      if (c.method === 'POST') return fail(400, WEBHOOK_MSG.urlInvalid);
      return undefined;
    });
    const user = userEvent.setup();
    open();
    await user.click(await screen.findByRole('button', { name: 'Add webhook' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add a webhook' });
    await user.type(within(dialog).getByLabelText(/^Endpoint URL/), 'http://hooks.example.com/in');
    await user.click(within(dialog).getByRole('checkbox', { name: 'post.failed' }));
    await user.click(within(dialog).getByRole('button', { name: 'Add webhook' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe(WEBHOOK_MSG.urlInvalid);
    // still the form, with what was typed
    expect((within(dialog).getByLabelText(/^Endpoint URL/) as HTMLInputElement).value).toBe('http://hooks.example.com/in');
  });

  it('the log shows each delivery with the badge of its state (never green on a failure), its attempts and last answer, and opens to its payload', async () => {
    const calls = mockFetch((c) => {
      if (c.method === 'GET' && c.path === 'webhooks') return ok([hookOf()]);
      if (c.method === 'GET' && c.path === 'webhooks/wh_1/deliveries' && !c.query.get('cursor'))
        return ok({
          data: [
            deliveryOf({
              id: 'd-retrying',
              state: 'pending',
              attempts: 2,
              nextAttemptAt: minutesFromNow(4.5),
              lastStatus: 503,
              lastResponse: 'Service unavailable, try later',
              deliveredAt: null,
            }),
            deliveryOf({
              id: 'd-sending',
              type: 'post.failed',
              state: 'pending',
              attempts: 0,
              nextAttemptAt: minutesFromNow(0),
              lastStatus: null,
              lastResponse: null,
              deliveredAt: null,
            }),
            deliveryOf({ id: 'd-delivered' }),
            deliveryOf({
              id: 'd-failed',
              type: 'payment.completed',
              state: 'failed',
              attempts: 8,
              lastStatus: null,
              lastResponse: null,
              lastError: 'connect ECONNREFUSED 203.0.113.9:443',
              deliveredAt: null,
            }),
          ],
          nextCursor: 'page-2',
        });
      if (c.method === 'GET' && c.path === 'webhooks/wh_1/deliveries' && c.query.get('cursor') === 'page-2')
        return ok({
          data: [deliveryOf({ id: 'd-older', type: 'post.deleted', createdAt: minutesFromNow(-3000) })],
          nextCursor: null,
        });
      return undefined;
    });
    const user = userEvent.setup();
    open();
    const { log } = await openLog(user);
    const list = await within(log).findByRole('list', { name: 'Deliveries' });
    const rows = within(list).getAllByRole('listitem');
    const look = (i: number) => {
      const badge = within(rows[i])
        .getAllByText(/^(Delivered|Sending|Retrying|Failed)$/)[0]
        .closest('[data-tone]');
      return [badge?.textContent, badge?.getAttribute('data-tone')];
    };
    expect(look(0)).toEqual(['Retrying', 'waiting']);
    expect(within(rows[0]).getByTestId('delivery-facts').textContent).toBe('2 attempts · HTTP 503 · Next try in 5 min');
    expect(within(rows[0]).getByText('Service unavailable, try later')).toBeTruthy();
    expect(look(1)).toEqual(['Sending', 'waiting']);
    expect(within(rows[1]).getByTestId('delivery-facts').textContent).toBe('Sending now');
    expect(look(2)).toEqual(['Delivered', 'success']);
    expect(within(rows[2]).getByTestId('delivery-facts').textContent).toBe('1 attempt · HTTP 200');
    expect(within(rows[2]).getByText(/^[23] min ago$/)).toBeTruthy();
    expect(look(3)).toEqual(['Failed', 'failed']);
    expect(within(rows[3]).getByTestId('delivery-facts').textContent).toBe('8 attempts · No answer');
    expect(within(rows[3]).getByText('No answer: connect ECONNREFUSED 203.0.113.9:443')).toBeTruthy();

    // a row opens to the JSON sent, pretty
    await user.click(within(rows[2]).getByRole('button', { name: 'Show payload' }));
    const payload = within(rows[2]).getByLabelText('The payload sent');
    expect(payload.textContent).toBe(JSON.stringify(deliveryOf().payload, null, 2));
    expect(within(rows[2]).getByRole('button', { name: 'Hide payload' }).getAttribute('aria-expanded')).toBe('true');

    // older ones, a page at a time
    await user.click(within(log).getByRole('button', { name: 'Load more' }));
    expect(await within(log).findByText('post.deleted')).toBeTruthy();
    expect(within(log).getAllByRole('listitem')).toHaveLength(5);
    expect(within(log).queryByRole('button', { name: 'Load more' })).toBeNull();
    expect(calls.filter((c) => c.path === 'webhooks/wh_1/deliveries').map((c) => c.query.get('cursor'))).toContain('page-2');
  });

  it('with no deliveries: says so', async () => {
    mockFetch((c) => {
      if (c.path === 'webhooks') return ok([hookOf()]);
      if (c.path === 'webhooks/wh_1/deliveries') return ok({ data: [], nextCursor: null });
      return undefined;
    });
    const user = userEvent.setup();
    open();
    const { log } = await openLog(user);
    expect(await within(log).findByText('No deliveries yet')).toBeTruthy();
  });

  it('Send again sends a failed delivery once more: the row shows it under way', async () => {
    let failed = deliveryOf({
      state: 'failed',
      attempts: 8,
      lastStatus: 500,
      lastResponse: 'Internal error',
      deliveredAt: null,
    });
    const calls = mockFetch((c) => {
      if (c.path === 'webhooks') return ok([hookOf()]);
      if (c.method === 'GET' && c.path === 'webhooks/wh_1/deliveries') return ok({ data: [failed], nextCursor: null });
      if (c.method === 'POST' && c.path === 'webhooks/wh_1/deliveries/whd_1/redeliver') {
        failed = { ...failed, state: 'pending', attempts: 0, nextAttemptAt: new Date().toISOString() };
        return ok(failed, WEBHOOK_MSG.redelivered);
      }
      return undefined;
    });
    const user = userEvent.setup();
    open();
    const { log } = await openLog(user);
    const row = (await within(log).findAllByRole('listitem'))[0];
    expect(within(row).getByText('Failed')).toBeTruthy();
    await user.click(within(row).getByRole('button', { name: 'Send again' }));
    expect(await within(row).findByText('Sending')).toBeTruthy();
    expect(within(row).queryByText('Failed')).toBeNull();
    expect(within(row).getByTestId('delivery-facts').textContent).toBe('Sending now · last answer HTTP 500');
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(1);
    expect(await screen.findByText(WEBHOOK_MSG.redelivered)).toBeTruthy();
  });

  it('deletes a webhook after a confirmation', async () => {
    let hooks = [hookOf()];
    const calls = mockFetch((c) => {
      if (c.method === 'GET' && c.path === 'webhooks') return ok(hooks);
      if (c.method === 'DELETE' && c.path === 'webhooks/wh_1') {
        hooks = [];
        return ok(null, WEBHOOK_MSG.deleted);
      }
      return undefined;
    });
    const user = userEvent.setup();
    open();
    const row = await screen.findByRole('listitem', { name: URL_A });
    await user.click(within(row).getByRole('button', { name: `Delete webhook ${URL_A}` }));
    const confirm = await screen.findByRole('dialog', { name: 'Delete this webhook?' });
    expect(calls.filter((c) => c.method === 'DELETE')).toEqual([]);
    await user.click(within(confirm).getByRole('button', { name: 'Delete webhook' }));
    expect(await screen.findByRole('heading', { name: 'No webhooks yet' })).toBeTruthy();
    expect(calls.filter((c) => c.method === 'DELETE')).toHaveLength(1);
  });

  it('a list that cannot be read says so, with Try again', async () => {
    mockFetch(() => fail(500, 'The server is down'));
    open();
    expect(await screen.findByText('Your webhooks could not be loaded')).toBeTruthy();
    expect(screen.getByText('The server is down')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
  });
});
