import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderUi } from '../testing';
import { avatarInitials, UserAvatar } from './user-avatar';

describe('avatar initials', () => {
  it('are the first letters of the first two words, in capitals', () => {
    expect(avatarInitials('Quinn Tester')).toBe('QT');
    expect(avatarInitials('mia van der berg')).toBe('MV');
    expect(avatarInitials('  Ana   Silva ')).toBe('AS');
    expect(avatarInitials('Acme')).toBe('A');
    expect(avatarInitials('élodie Ørsted')).toBe('ÉØ');
  });

  it('never read as a pause sign: two upright strokes show one letter', () => {
    expect(avatarInitials('Ian Irwin')).toBe('I');
    expect(avatarInitials('ian irwin')).toBe('I');
    expect(avatarInitials('I I')).toBe('I');
    expect(avatarInitials('Ivy ıris')).toBe('I');
    expect(avatarInitials('Ιωάννης Ιατρίδης')).toBe('Ι');
    expect(avatarInitials('Игорь Іванов')).toBe('ИІ');
    expect(avatarInitials('Іван Іванов')).toBe('І');
  });

  it("look-alikes cannot make the pair: 'l' becomes L and '|' is no letter", () => {
    expect(avatarInitials('Ian lee')).toBe('IL');
    expect(avatarInitials('lou lane')).toBe('LL');
    expect(avatarInitials('Ian | Irwin')).toBe('I');
    expect(avatarInitials('| |')).toBe('');
  });

  it('skip leading punctuation and keep whole characters', () => {
    expect(avatarInitials('(Ana) "Silva"')).toBe('AS');
    expect(avatarInitials('𝒜na Silva')).toBe('𝒜S');
  });

  it('are empty without a name or a letter', () => {
    expect(avatarInitials(null)).toBe('');
    expect(avatarInitials('')).toBe('');
    expect(avatarInitials('— ·')).toBe('');
  });

  it('for no pair of initials is "II" ever shown', () => {
    const letters = [...'IiıΙІӀǀlL|1!'];
    for (const a of letters)
      for (const b of letters) expect(avatarInitials(`${a}x ${b}y`), `${a} ${b}`).not.toMatch(/^[IΙІӀǀ|]{2}$/u);
  });
});

describe('UserAvatar', () => {
  it('shows one letter for a name whose initials would read as a pause sign', () => {
    renderUi(<UserAvatar name="Ian Irwin" image={null} color="#5A2FC8" />);
    expect(screen.getByText('I')).toBeTruthy();
    expect(screen.queryByText('II')).toBeNull();
  });
});
