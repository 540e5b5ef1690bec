import { Button, type ButtonProps } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { canCreatePost, normalizePermissions } from '@virality/domain';
import type { ReactNode } from 'react';
import { useCurrentUser } from '../../../lib/use-current-user';
import { openCreatePost } from '../lib/composer-store';
import { CreatePostHost } from './create-post-host';

type TProps = Omit<ButtonProps, 'children'> & { label?: ReactNode };

/**
 * The button that opens the create-post dialog (with the dialog's host). A business manager sees it only when
 * its role opens Post or Scheduler on some network.
 */
export function CreatePostButton({ label = 'Create', ...props }: TProps) {
  const { data: user } = useCurrentUser();
  if (!user) return null;
  const permissions = normalizePermissions(user.businessRoleId?.status === false ? [] : user.businessRoleId?.permission);
  if (!canCreatePost(user.profileType, permissions)) return null;
  return (
    <>
      <Button leftSection={<IconPlus size={18} aria-hidden />} onClick={() => openCreatePost()} {...props}>
        {label}
      </Button>
      <CreatePostHost />
    </>
  );
}
