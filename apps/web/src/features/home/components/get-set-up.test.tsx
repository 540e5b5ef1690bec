import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderUi } from '../../../testing';
import { GetSetUp, type TSetUpStep } from './get-set-up';

const steps = (done: [boolean, boolean, boolean]): TSetUpStep[] => [
  { key: 'a', title: 'Connect an account', line: 'Link one.', done: done[0], action: <button type="button">Connect</button> },
  { key: 'b', title: 'Write a post', line: 'Write one.', done: done[1], action: <button type="button">Create Post</button> },
  { key: 'c', title: 'Choose your plan', line: 'Pick one.', done: done[2], action: <button type="button">See plans</button> },
];

describe('the Get set up card', () => {
  it('says in words and in its bar how many steps are done, and offers the way to each step not done', () => {
    renderUi(<GetSetUp steps={steps([true, false, false])} />);
    const card = screen.getByRole('region', { name: 'Get set up' });
    expect(within(card).getByText('1 of 3 done')).toBeTruthy();
    expect(within(card).getByRole('progressbar', { name: 'Set-up progress: 1 of 3 done' })).toBeTruthy();
    const items = within(card).getAllByRole('listitem');
    expect(items).toHaveLength(3);
    // a step done shows no action, and says it is done in words (not only a check mark)
    expect(within(items[0]).queryByRole('button')).toBeNull();
    expect(within(items[0]).getByRole('heading', { name: /Connect an account\s*Done/ })).toBeTruthy();
    expect(within(items[1]).getByRole('button', { name: 'Create Post' })).toBeTruthy();
    expect(within(items[2]).getByRole('button', { name: 'See plans' })).toBeTruthy();
  });

  it('starts at 0 of 3 for a new user', () => {
    renderUi(<GetSetUp steps={steps([false, false, false])} />);
    expect(screen.getByText('0 of 3 done')).toBeTruthy();
    expect(screen.getAllByRole('button')).toHaveLength(3);
  });
});
