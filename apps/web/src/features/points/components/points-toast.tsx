import { Anchor } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconConfetti } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { POINTS_MSG, type TLiveEvents } from '@virality/domain';
import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { paths } from '../../../config/paths';
import { TOAST_CLOSE_PROPS } from '../../../lib/notify';
import { NARROW_SCREEN } from '../../../lib/toast-layout';
import { CURRENT_USER_KEY } from '../../../lib/use-current-user';
import { POINTS_KEY } from '../api/wallet';

/** The earnings this page has congratulated already (a stream opened again never says one twice). */
const told = new Set<string>();

/** How long the congratulation stays: it carries a link, so it is given time to be read and used. */
export const POINTS_TOAST_MS = 8000;

/**
 * What a logged-in page does when the live stream says the user's post earned points: the congratulation toast,
 * once per earning, with its way to the point wallet; the wallet and the user (total, level) are read again.
 */
export function usePointsEarned(): (event: TLiveEvents['points']) => void {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useCallback(
    (event) => {
      void queryClient.invalidateQueries({ queryKey: POINTS_KEY });
      void queryClient.invalidateQueries({ queryKey: CURRENT_USER_KEY });
      const key = `${event.postId}.${event.total}`;
      if (told.has(key) || !(event.points > 0)) return;
      told.add(key);
      if (typeof window !== 'undefined' && window.matchMedia?.(NARROW_SCREEN).matches) notifications.clean();
      const id = `points-${key}`;
      notifications.show({
        id,
        title: POINTS_MSG.earnedTitle(event.points),
        message: (
          <Anchor
            href={paths.pointWallet}
            fw={600}
            size="sm"
            onClick={(e) => {
              e.preventDefault();
              notifications.hide(id);
              navigate(paths.pointWallet);
            }}
          >
            {POINTS_MSG.viewWallet}
          </Anchor>
        ),
        color: 'brand',
        autoClose: POINTS_TOAST_MS,
        withBorder: true,
        icon: <IconConfetti size={18} aria-hidden />,
        closeButtonProps: TOAST_CLOSE_PROPS,
      });
    },
    [queryClient, navigate],
  );
}
