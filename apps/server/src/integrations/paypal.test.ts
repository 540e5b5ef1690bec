import { describe, expect, it } from 'vitest';
import { createPayPalGateway, DUPLICATE_BATCH_ISSUE, fromPayPalAmount, isPayPalError, toPayPalAmount } from './paypal';

type TSeen = { url: string; method: string; headers: Headers; body: string };

/** PayPal as recorded: each request kept, each answered by the first handler whose path matches. */
function recordedPayPal(answer: (path: string, seen: TSeen[]) => { status: number; body?: unknown } | 'network') {
  const seen: TSeen[] = [];
  const fetchFn: typeof fetch = async (input, init) => {
    const url = String(input);
    seen.push({ url, method: init?.method ?? 'GET', headers: new Headers(init?.headers), body: String(init?.body ?? '') });
    const path = new URL(url).pathname;
    if (path.endsWith('/v1/oauth2/token'))
      return Response.json({ access_token: `tok-${seen.length}`, token_type: 'Bearer', expires_in: 32400 });
    const a = answer(path, seen);
    if (a === 'network') throw new TypeError('fetch failed');
    return new Response(a.body === undefined ? '' : JSON.stringify(a.body), { status: a.status });
  };
  const gateway = createPayPalGateway({
    baseUrl: 'https://api-m.sandbox.paypal.com/',
    clientId: 'client',
    clientSecret: 'secret',
    webhookId: 'WH-1',
    fetch: fetchFn,
  });
  return { seen, gateway };
}

async function thrown(p: Promise<unknown>) {
  try {
    await p;
  } catch (err) {
    return err;
  }
  throw new Error('no error');
}

describe('amounts: minor units in the product, two-decimal strings on the wire', () => {
  it('converts both ways without floating-point drift', () => {
    expect(toPayPalAmount(2550)).toBe('25.50');
    expect(toPayPalAmount(5)).toBe('0.05');
    expect(toPayPalAmount(100)).toBe('1.00');
    expect(fromPayPalAmount('25.5')).toBe(2550);
    expect(fromPayPalAmount('0.29')).toBe(29);
    expect(fromPayPalAmount('10')).toBe(1000);
    expect(fromPayPalAmount('1.234')).toBeNull();
    expect(() => toPayPalAmount(1.5)).toThrow();
  });
});

describe('the PayPal client', () => {
  it('sends the client credentials as Basic auth, the bearer token after, and PayPal-Request-Id with return=representation on capture', async () => {
    const { seen, gateway } = recordedPayPal(() => ({
      status: 201,
      body: { id: 'O1', status: 'COMPLETED', purchase_units: [] },
    }));
    await gateway.captureOrder('O1', 'req-1');
    expect(seen[0].headers.get('authorization')).toBe(`Basic ${Buffer.from('client:secret').toString('base64')}`);
    expect(seen[0].body).toBe('grant_type=client_credentials');
    expect(seen[1].url).toBe('https://api-m.sandbox.paypal.com/v2/checkout/orders/O1/capture');
    expect(seen[1].headers.get('authorization')).toBe('Bearer tok-1');
    expect(seen[1].headers.get('paypal-request-id')).toBe('req-1');
    expect(seen[1].headers.get('prefer')).toBe('return=representation');
  });

  it('a 401 on a call (the token ended early) gets one new token and one more try', async () => {
    let calls = 0;
    const { seen, gateway } = recordedPayPal(() =>
      ++calls === 1 ? { status: 401, body: { error: 'invalid_token' } } : { status: 200, body: { id: 'O1', status: 'APPROVED' } },
    );
    expect((await gateway.getOrder('O1')).status).toBe('APPROVED');
    expect(seen.filter((s) => s.url.endsWith('/v1/oauth2/token'))).toHaveLength(2);
  });

  it('a 4xx carries PayPal’s name and issue and is not retryable; a 5xx and no answer are retryable', async () => {
    const declined = recordedPayPal(() => ({
      status: 422,
      body: { name: 'UNPROCESSABLE_ENTITY', message: 'x', debug_id: 'd1', details: [{ issue: 'INSTRUMENT_DECLINED' }] },
    }));
    expect(await thrown(declined.gateway.captureOrder('O1', 'r'))).toMatchObject({
      status: 422,
      errorName: 'UNPROCESSABLE_ENTITY',
      issue: 'INSTRUMENT_DECLINED',
      retryable: false,
      debugId: 'd1',
    });
    const down = recordedPayPal(() => ({ status: 503, body: { name: 'SERVICE_UNAVAILABLE' } }));
    expect(await thrown(down.gateway.getOrder('O1'))).toMatchObject({ status: 503, retryable: true });
    const gone = recordedPayPal(() => 'network');
    const err = await thrown(gone.gateway.getOrder('O1'));
    expect(isPayPalError(err) && err.retryable && err.status === 0).toBe(true);
  });

  it('a duplicate sender_batch_id that names no batch is reported as such, not as a new payout', async () => {
    const { gateway } = recordedPayPal(() => ({
      status: 400,
      body: {
        name: 'USER_BUSINESS_ERROR',
        message: 'User business error.',
        details: [{ field: 'SENDER_BATCH_ID', issue: 'Duplicate batch request' }],
      },
    }));
    const err = await thrown(
      gateway.createPayout({
        senderBatchId: 'b1',
        items: [{ receiver: 'a@example.com', amountMinor: 100, currency: 'USD', senderItemId: 'i1', note: 'n' }],
      }),
    );
    expect(err).toMatchObject({ status: 400, issue: DUPLICATE_BATCH_ISSUE, retryable: false });
  });

  it('a webhook without PayPal’s headers is not verified and PayPal is not asked', async () => {
    const { seen, gateway } = recordedPayPal(() => ({ status: 200, body: { verification_status: 'SUCCESS' } }));
    expect(await gateway.verifyWebhookSignature({}, '{"id":"WH-1"}')).toBe(false);
    expect(seen).toHaveLength(0);
  });
});
