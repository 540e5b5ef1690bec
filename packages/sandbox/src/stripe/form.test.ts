import { describe, expect, it } from 'vitest';
import { FormError, listParam, parseStripeForm } from './form';

describe("Stripe's bracketed form encoding", () => {
  it('nests keys with brackets and turns numbered keys into lists, as the SDK writes a session create', () => {
    const body = [
      'mode=payment',
      'line_items[0][price_data][currency]=usd',
      'line_items[0][price_data][unit_amount]=900',
      'line_items[0][price_data][product_data][name]=Starter%20plan',
      'line_items[0][quantity]=1',
      'metadata[plan]=starter',
      'success_url=https%3A%2F%2Fexample.com%2Fok%3Fsession_id%3D%7BCHECKOUT_SESSION_ID%7D',
      'discounts[0][promotion_code]=promo_1',
    ].join('&');
    expect(parseStripeForm(body)).toEqual({
      mode: 'payment',
      line_items: [
        { price_data: { currency: 'usd', unit_amount: '900', product_data: { name: 'Starter plan' } }, quantity: '1' },
      ],
      metadata: { plan: 'starter' },
      success_url: 'https://example.com/ok?session_id={CHECKOUT_SESSION_ID}',
      discounts: [{ promotion_code: 'promo_1' }],
    });
  });

  it('reads encoded brackets, plus signs as spaces, appended lists and lists given out of order', () => {
    expect(parseStripeForm('expand%5B0%5D=a&expand%5B1%5D=b&q=x+y&tags[]=one&tags[]=two&l[1]=second&l[0]=first')).toEqual({
      expand: ['a', 'b'],
      q: 'x y',
      tags: ['one', 'two'],
      l: ['first', 'second'],
    });
    expect(listParam(parseStripeForm('expand[0]=data.promotion.coupon').expand)).toEqual(['data.promotion.coupon']);
    expect(listParam(undefined)).toEqual([]);
  });

  it('keeps a hash whose keys are numbers but not a list (gaps)', () => {
    expect(parseStripeForm('m[0]=a&m[2]=b')).toEqual({ m: { 0: 'a', 2: 'b' } });
  });

  it('an empty body is no parameters', () => {
    expect(parseStripeForm('')).toEqual({});
  });

  it.each([
    ['a malformed escape', 'name=%E0%A4%A'],
    ['a NUL byte', 'name=a%00b'],
    ['an unpaired surrogate', 'name=%ED%A0%80'],
    ['a prototype key', '__proto__[admin]=1'],
    ['a nested prototype key', 'metadata[constructor][x]=1'],
    ['a value and a hash under one name', 'a=1&a[b]=2'],
    ['a hash and then a value under one name', 'a[b]=2&a=1'],
    ['a malformed name', 'a[b=1'],
    ['too much nesting', `a${'[b]'.repeat(10)}=1`],
    ['too many parameters', Array.from({ length: 1001 }, (_, i) => `k${i}=1`).join('&')],
  ])('refuses %s', (_what, body) => {
    expect(() => parseStripeForm(body)).toThrow(FormError);
  });
});
