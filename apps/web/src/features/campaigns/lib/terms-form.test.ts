import { TERMS_MSG } from '@virality/domain';
import { describe, expect, it } from 'vitest';
import {
  deliverableWords,
  draftOf,
  emptyDeliverable,
  isFieldPath,
  postTypesOf,
  type TDeliverableDraft,
  type TTermsDraft,
  termsBody,
  termsFormErrors,
  withNetwork,
} from './terms-form';

const CAMPAIGN = { startDate: '2026-12-01', endDate: '2026-12-31', budget: 1000 };
const row = (over: Partial<TDeliverableDraft> = {}): TDeliverableDraft => ({
  key: 'k',
  network: 'instagram',
  postType: 'reel',
  count: 2,
  dueDate: '2026-12-20',
  ...over,
});
const draft = (deliverables: TDeliverableDraft[], fee = '400'): TTermsDraft => ({ deliverables, fee });

describe('the terms editor’s rules (the domain’s, as the server applies them)', () => {
  it('a new form asks for a network and a fee; the post type waits for the network', () => {
    const fresh = draftOf(CAMPAIGN);
    expect(fresh.deliverables).toHaveLength(1);
    expect(fresh.deliverables[0]).toMatchObject({ network: '', postType: '', count: 1, dueDate: '2026-12-31' });
    expect(termsFormErrors(fresh, CAMPAIGN)).toEqual({
      'deliverables.0.network': TERMS_MSG.networkRequired,
      fee: TERMS_MSG.feeRequired,
    });
  });

  it('whole terms have nothing to say', () => {
    expect(termsFormErrors(draft([row(), row({ network: 'tiktok', postType: 'post' })]), CAMPAIGN)).toEqual({});
  });

  it('offers each network only its post types, and keeps a type the new network takes', () => {
    expect(postTypesOf('instagram')).toEqual(['post', 'story', 'reel']);
    expect(postTypesOf('twitter')).toEqual(['post']);
    expect(postTypesOf('')).toEqual([]);
    expect(withNetwork(row({ postType: 'story' }), 'twitter').postType).toBe('post');
    expect(withNetwork(row({ postType: 'story' }), 'facebook').postType).toBe('story');
    expect(withNetwork(row({ network: '', postType: '' }), 'youtube').postType).toBe('post');
  });

  it('names a post type the network has not, a day outside the campaign, a count outside 1–50 and a pair given twice', () => {
    const errors = termsFormErrors(
      draft([
        row({ network: 'twitter', postType: 'story' }),
        row({ network: 'facebook', dueDate: '2027-01-02' }),
        row({ network: 'tiktok', postType: 'post', count: 0 }),
        row({ network: 'youtube', postType: 'post', count: 51 }),
        row({ network: 'linkedin', postType: 'post', count: '' }),
        row({ network: 'instagram', postType: 'reel' }),
        row({ network: 'instagram', postType: 'reel', count: 1 }),
        row({ network: 'threads', postType: 'post', dueDate: '' }),
      ]),
      CAMPAIGN,
    );
    expect(errors).toEqual({
      'deliverables.0.postType': TERMS_MSG.postTypeNotOnNetwork('X', 'story'),
      'deliverables.1.dueDate': TERMS_MSG.dueDateOutside,
      'deliverables.2.count': TERMS_MSG.countInvalid,
      'deliverables.3.count': TERMS_MSG.countInvalid,
      'deliverables.4.count': TERMS_MSG.countInvalid,
      'deliverables.6.network': TERMS_MSG.duplicate,
      'deliverables.7.dueDate': TERMS_MSG.dueDateRequired,
    });
  });

  it('reads the fee in USD: 0 is a deal without money, never more than the budget nor more than 2 decimals', () => {
    const fee = (value: string) => termsFormErrors(draft([row()], value), CAMPAIGN).fee;
    expect(fee('0')).toBeUndefined();
    expect(fee('1000')).toBeUndefined();
    expect(fee('1000.01')).toBe(TERMS_MSG.feeOverBudget);
    expect(fee('12.345')).toBe(TERMS_MSG.feeInvalid);
    expect(fee('  ')).toBe(TERMS_MSG.feeRequired);
  });

  it('asks for one deliverable at least', () => {
    expect(termsFormErrors(draft([]), CAMPAIGN).deliverables).toBe(TERMS_MSG.deliverablesRequired);
  });

  it('sends the rows without their keys and the fee as typed', () => {
    expect(termsBody(draft([row()], ' 99.90 '))).toEqual({
      deliverables: [{ network: 'instagram', postType: 'reel', count: 2, dueDate: '2026-12-20' }],
      fee: '99.90',
    });
  });

  it('starts from the terms set already, each row its own key', () => {
    const terms = {
      deliverables: [
        { network: 'instagram' as const, postType: 'reel' as const, count: 2, dueDate: '2026-12-20' },
        { network: 'tiktok' as const, postType: 'post' as const, count: 1, dueDate: '2026-12-24' },
      ],
      fee: 400,
    };
    const start = draftOf(CAMPAIGN, terms);
    expect(start.fee).toBe('400');
    expect(new Set(start.deliverables.map((d) => d.key)).size).toBe(2);
    expect(termsBody(start)).toEqual({ deliverables: terms.deliverables, fee: '400' });
    expect(emptyDeliverable(CAMPAIGN).key).not.toBe(emptyDeliverable(CAMPAIGN).key);
  });

  it('puts the server’s words under the fields they name, the rest above the form', () => {
    expect(isFieldPath('fee', 1)).toBe(true);
    expect(isFieldPath('deliverables.0.dueDate', 1)).toBe(true);
    expect(isFieldPath('deliverables.1.dueDate', 1)).toBe(false);
    expect(isFieldPath('deliverables', 1)).toBe(false);
    expect(isFieldPath('terms', 1)).toBe(false);
  });

  it('writes a deliverable in words with its day as screens write days', () => {
    expect(deliverableWords({ network: 'instagram', postType: 'reel', count: 2, dueDate: '2027-03-20' })).toBe(
      '2 Instagram reels by Mar 20, 2027',
    );
    expect(deliverableWords({ network: 'twitter', postType: 'post', count: 1, dueDate: '2027-03-25' })).toBe(
      '1 X post by Mar 25, 2027',
    );
  });
});
