import { screen } from '@testing-library/react';

import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockFetch, renderUi, scheduledPost, storeSession, testQueryClient } from '../../../testing';
import { WeekView } from './week-view';

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

function show(phone: boolean, truncated: boolean) {
  storeSession('INFLUENCER');
  mockFetch((c) =>
    c.path.endsWith('posts_date_range/')
      ? {
          body: {
            response_code: 200,
            response_message: 'Success',
            response_data: [scheduledPost('a', '2026-12-08T09:15:00.000Z')],
            truncated,
          },
        }
      : undefined,
  );
  renderUi(
    <MemoryRouter>
      <WeekView
        day="2026-12-08"
        today="2026-11-25"
        zone="UTC"
        imc={false}
        now={new Date('2026-11-25T10:00:00Z')}
        phone={phone}
        onChoose={() => {}}
        onOpenDay={() => {}}
      />
    </MemoryRouter>,
    testQueryClient(),
  );
}

describe.each([
  ['desktop', false],
  ['phone', true],
])('the Week view on a %s', (_label, phone) => {
  it('says when the week holds more posts than one answer carries', async () => {
    show(phone, true);
    expect(await screen.findByText(/This week has more than 500 posts: the first 500 are shown/)).toBeTruthy();
  });

  it('says nothing of the kind when every post of the week came', async () => {
    show(phone, false);
    expect(await screen.findByRole('link', { name: /09:15.*Post a/ })).toBeTruthy();
    expect(screen.queryByText(/more than 500 posts/)).toBeNull();
  });
});
