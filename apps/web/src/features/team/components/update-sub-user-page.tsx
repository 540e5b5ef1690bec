import { notifications } from '@mantine/notifications';
import { TEAM_MSG } from '@virality/domain';
import { useEffect } from 'react';
import { Navigate, useLocation, useNavigate } from 'react-router';
import { paths } from '../../../config/paths';
import { notifyError, notifySuccess, TOAST_CLOSE_PROPS } from '../../../lib/notify';
import type { TSubUserRecord } from '../api/types';
import { useUpdateSubUser } from '../api/update-sub-user';
import { fieldErrors, serverText } from '../lib/errors';
import { SubUserForm, type TSubUserFormValues, toSubUserBody } from './sub-user-form';
import { TeamPage } from './team-page';

/** /profile/updatesubuser: edits the sub-user handed over in router state by Manage Users. */
export function UpdateSubUserPage() {
  const record = (useLocation().state as { user?: TSubUserRecord } | null)?.user;
  if (!record?.subUserId?._id) return <NoUserData />;
  return <UpdateForm record={record} />;
}

/** Without a user in state: the alert 'User data is not available.' and back to Manage Users. */
function NoUserData() {
  useEffect(() => {
    // A fixed id: shown once even when the effect runs twice (StrictMode).
    notifications.show({
      id: 'user-data-missing',
      message: TEAM_MSG.userNotAvailable,
      color: 'red',
      autoClose: 4000,
      closeButtonProps: TOAST_CLOSE_PROPS,
    });
  }, []);
  return <Navigate to={paths.manageUsers} replace />;
}

function UpdateForm({ record }: { record: TSubUserRecord }) {
  const navigate = useNavigate();
  const update = useUpdateSubUser();
  const u = record.subUserId;
  const initialValues: TSubUserFormValues = {
    name: u.name ?? '',
    userName: u.userName ?? '',
    email: u.email ?? '',
    mobileNumber: u.mobileNumber ?? '',
    dateOfBirth: u.dateOfBirth ?? '',
    gender: u.gender ?? '',
    roleId: record.roleId?._id ?? '',
    profileImage: u.profileImage ?? '',
  };

  const onSubmit = async (v: TSubUserFormValues) => {
    try {
      const { message } = await update.mutateAsync({
        userId: u._id,
        body: toSubUserBody(v),
      });
      notifySuccess(message || TEAM_MSG.userUpdated);
      navigate(paths.manageUsers);
      return null;
    } catch (err) {
      notifyError(`Failed to update user: ${serverText(err)}`);
      return fieldErrors(err);
    }
  };

  return (
    <TeamPage builds title="Edit User" subtitle={u.email ?? undefined} back={{ to: paths.manageUsers, label: 'Manage Users' }}>
      <SubUserForm
        mode="update"
        initialValues={initialValues}
        savedUserName={u.userName}
        currentRole={record.roleId}
        submitLabel="Update"
        busy={update.isPending}
        onSubmit={onSubmit}
      />
    </TeamPage>
  );
}
