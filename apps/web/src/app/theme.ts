import { type CSSVariablesResolver, createTheme, type MantineColorsTuple } from '@mantine/core';
// Inter's @font-face rules travel with the theme, in the first page's stylesheet.
import '../assets/fonts/inter.css';

/** Virality violet; index 6 is the brand colour. */
const brand: MantineColorsTuple = [
  '#f3edff',
  '#e0d7fa',
  '#beabf0',
  '#9a7ce6',
  '#7c55de',
  '#693cd9',
  '#5f30d8',
  '#4f23c0',
  '#461eac',
  '#3b1898',
];

export const theme = createTheme({
  primaryColor: 'brand',
  colors: { brand },
  // self-hosted Inter (assets/fonts); until it has loaded, Arial sized to Inter's metrics, then the system's face
  fontFamily: '"Inter Variable", "Inter Fallback", system-ui, -apple-system, "Segoe UI", Roboto, sans-serif',
  headings: { fontFamily: '"Inter Variable", "Inter Fallback", system-ui, -apple-system, "Segoe UI", Roboto, sans-serif' },
  defaultRadius: 'md',
  // Keyboard focus shows a ring; mouse clicks do not.
  focusRing: 'auto',
  // Dialogs, menus and drawers appear without motion for those who ask their system for less of it.
  respectReducedMotion: true,
  // Breakpoints: xs 0, sm 576, md 821, lg 1025, xl 1440 (in em, 16 px base).
  breakpoints: { xs: '0em', sm: '36em', md: '51.3125em', lg: '64.0625em', xl: '90em' },
  components: {
    // The close (×) button of every modal, confirm dialogs included, needs a name for screen readers. (A plain
    // object, what Modal.extend returns: importing Modal here would put the dialogs' code on every first page.)
    Modal: { defaultProps: { closeButtonProps: { 'aria-label': 'Close' } } },
    // Every select's list (Select, MultiSelect, Autocomplete) is placed against the window, not the page: opened
    // with a value it scrolls its chosen option into view before it is placed, which would move the page to the top.
    Combobox: { defaultProps: { floatingStrategy: 'fixed' } },
  },
});

/**
 * Colours that meet WCAG AA contrast (4.5:1) on white: Mantine's default dimmed grey (gray.6, 3.3:1) and
 * red (red.6, 3.3:1, for field errors, `c="red"` text and white text on red buttons) are too light.
 */
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: {
    '--mantine-color-dimmed': 'var(--mantine-color-gray-7)',
    '--mantine-color-error': 'var(--mantine-color-red-9)',
    '--mantine-color-red-text': 'var(--mantine-color-red-9)',
    '--mantine-color-red-filled': 'var(--mantine-color-red-8)',
    '--mantine-color-red-filled-hover': 'var(--mantine-color-red-9)',
  },
  dark: {},
});
