import { Button, CloseButton, Group, Paper, Stack, Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import { OPTIONAL_STORAGE_KEYS, optionalStorageAllowed, readConsent, subscribeConsent } from '../lib/consent';
import classes from './device-notices.module.css';

export type TMobilePlatform = 'android' | 'ios';

/**
 * Where each app is. Until the store listings are published these open a search for Virality in the store;
 * VITE_ANDROID_APP_URL and VITE_IOS_APP_URL (build settings) point them at the listings.
 */
export const APP_LINKS: Record<TMobilePlatform, { url: string; store: string; device: string }> = {
  android: {
    url: (import.meta.env.VITE_ANDROID_APP_URL as string | undefined) ?? 'https://play.google.com/store/search?q=Virality&c=apps',
    store: 'Google Play',
    device: 'Android phone',
  },
  ios: {
    url: (import.meta.env.VITE_IOS_APP_URL as string | undefined) ?? 'https://apps.apple.com/search?term=Virality',
    store: 'the App Store',
    device: 'iPhone',
  },
};

/** The phone a browser runs on, from its user agent; an iPad that reports itself as a Mac is told by its touch screen. */
export function mobilePlatform(userAgent: string, maxTouchPoints = 0): TMobilePlatform | null {
  if (/Android/i.test(userAgent)) return 'android';
  if (/iPhone|iPad|iPod/i.test(userAgent)) return 'ios';
  if (/Macintosh/i.test(userAgent) && maxTouchPoints > 1) return 'ios';
  return null;
}

// Without consent the notice is remembered for this visit only (in memory): nothing optional is written.
let shownThisVisit = false;

/** Whether the notice has been shown on this device (or in this visit, when the visitor declined cookies). */
export function mobileBannerShown(): boolean {
  return shownThisVisit || localStorage.getItem(OPTIONAL_STORAGE_KEYS.mobileBannerShown) === 'true';
}

function markMobileBannerShown(): void {
  shownThisVisit = true;
  if (optionalStorageAllowed()) localStorage.setItem(OPTIONAL_STORAGE_KEYS.mobileBannerShown, 'true');
}

/**
 * Tells a visitor on an Android phone or an iPhone about the Virality app for it, once per device
 * (isMobileBannerShown), after they have answered the cookie notice: one notice at a time.
 */
export function MobileBanner() {
  const [platform] = useState(() => mobilePlatform(navigator.userAgent, navigator.maxTouchPoints));
  const [open, setOpen] = useState(() => platform !== null && readConsent() !== null && !mobileBannerShown());
  // shown as soon as the cookie notice is answered
  useEffect(() => subscribeConsent(() => setOpen((o) => o || (platform !== null && !mobileBannerShown()))), [platform]);
  useEffect(() => {
    if (open) markMobileBannerShown();
  }, [open]);
  if (!open || !platform) return null;
  const app = APP_LINKS[platform];
  return (
    <Paper component="section" aria-label="Virality app" className={classes.notice} withBorder shadow="lg" radius="lg" p="md">
      <Stack gap="sm">
        <Group gap="sm" wrap="nowrap" align="flex-start">
          <span className={classes.appMark} aria-hidden>
            V
          </span>
          <div style={{ flex: 1, minWidth: 0 }}>
            <Text fw={600} size="sm">
              Virality is better in the app
            </Text>
            <Text size="sm" c="dimmed">
              Create and schedule posts and get notified on your {app.device} with the Virality app.
            </Text>
          </div>
          <CloseButton aria-label="Close the app notice" onClick={() => setOpen(false)} />
        </Group>
        <Button component="a" href={app.url} target="_blank" rel="noopener" fullWidth onClick={() => setOpen(false)}>
          Get it on {app.store}
        </Button>
      </Stack>
    </Paper>
  );
}
