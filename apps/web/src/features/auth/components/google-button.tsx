import { Box, Button } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { MSG, type TSignupProfileType } from '@virality/domain';
import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { GoogleIcon } from '../../../components/icons';
import { configQueryOptions, useConfig } from '../../../lib/use-config';
import { encodeGoogleState, redirectPageUrl, sandboxGoogleUrl, type TGoogleMode } from '../lib/google-state';
import { notifyError } from '../lib/toasts';

type TProps = {
  mode: TGoogleMode;
  profileType?: TSignupProfileType | null;
  label: string;
  /** Shows why Google sign-in cannot start, on the page's form (a toast when the page has none). */
  onError?: (message: string) => void;
};

/**
 * Google sign-in. Without a Google client id (sandbox) it goes to the server's stand-in page, which
 * returns to /redirect; with one it renders Google's own button and hands the credential to /redirect.
 * Until the config is in (and on a page rendered ahead, before the app runs at all) the button is ready to press:
 * a press waits for the config, with the button loading meanwhile.
 */
export function GoogleButton({ mode, profileType = null, label, onError = notifyError }: TProps) {
  const config = useConfig();
  const queryClient = useQueryClient();
  const [waiting, setWaiting] = useState(false);
  const state = encodeGoogleState({ mode, profileType });
  const clientId = config.data?.googleClientId;
  if (clientId) return <GoogleIdentityButton clientId={clientId} state={state} mode={mode} onError={onError} />;
  return (
    <Button
      variant="default"
      fullWidth
      leftSection={<GoogleIcon />}
      loading={waiting}
      onClick={async () => {
        setWaiting(true);
        const data = await queryClient.fetchQuery(configQueryOptions()).catch((err: Error) => {
          onError(err.message || MSG.somethingWentWrong);
          return null;
        });
        setWaiting(false);
        // with a client id, Google's own button takes this one's place
        if (data && !data.googleClientId) window.location.assign(sandboxGoogleUrl(window.location.origin, state));
      }}
    >
      {label}
    </Button>
  );
}

type TGis = {
  accounts: {
    id: {
      initialize: (o: { client_id: string; callback: (r: { credential: string }) => void }) => void;
      renderButton: (el: HTMLElement, o: Record<string, unknown>) => void;
    };
  };
};
const GIS_SRC = 'https://accounts.google.com/gsi/client';
let gisLoading: Promise<TGis> | null = null;

function loadGis(): Promise<TGis> {
  const existing = (window as unknown as { google?: TGis }).google;
  if (existing?.accounts?.id) return Promise.resolve(existing);
  gisLoading ??= new Promise((resolve, reject) => {
    const script = document.createElement('script');
    script.src = GIS_SRC;
    script.async = true;
    script.onload = () => resolve((window as unknown as { google: TGis }).google);
    script.onerror = () => {
      gisLoading = null;
      reject(new Error('Google sign-in could not be loaded'));
    };
    document.head.appendChild(script);
  });
  return gisLoading;
}

function GoogleIdentityButton({
  clientId,
  state,
  mode,
  onError,
}: {
  clientId: string;
  state: string;
  mode: TGoogleMode;
  onError: (message: string) => void;
}) {
  const ref = useRef<HTMLDivElement>(null);
  const navigate = useNavigate();
  useEffect(() => {
    let cancelled = false;
    loadGis()
      .then((google) => {
        if (cancelled || !ref.current) return;
        google.accounts.id.initialize({ client_id: clientId, callback: (r) => navigate(redirectPageUrl(r.credential, state)) });
        google.accounts.id.renderButton(ref.current, {
          text: mode === 'signup' ? 'signup_with' : 'continue_with',
          width: ref.current.clientWidth || 320,
          shape: 'pill',
        });
      })
      .catch((e: Error) => {
        if (!cancelled) onError(e.message);
      });
    return () => {
      cancelled = true;
    };
  }, [clientId, state, mode, navigate, onError]);
  return <Box ref={ref} mih={40} />;
}
