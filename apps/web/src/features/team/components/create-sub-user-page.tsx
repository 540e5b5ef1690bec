import { TEAM_MSG } from '@virality/domain';
import { useNavigate } from 'react-router';
import { paths } from '../../../config/paths';
import { ApiError } from '../../../lib/api-client';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useAddSubUser } from '../api/add-sub-user';
import { fieldErrors } from '../lib/errors';
import { emptySubUserValues, SubUserForm, type TSubUserFormValues, toSubUserBody } from './sub-user-form';
import { TeamPage } from './team-page';

/** /create-subuser: the owner adds a sub-user, who gets an invitation to set a password. */
export function CreateSubUserPage() {
  const navigate = useNavigate();
  const add = useAddSubUser();

  const onSubmit = async (v: TSubUserFormValues) => {
    try {
      const { message } = await add.mutateAsync({ ...toSubUserBody(v), email: v.email.trim().toLowerCase() });
      notifySuccess(message || TEAM_MSG.subUserAdded);
      navigate(paths.manageUsers);
      return null;
    } catch (err) {
      if (err instanceof ApiError && err.status === 400) {
        notifyError(err.message);
        return fieldErrors(err);
      }
      notifyError(err instanceof ApiError && err.status > 0 ? 'Unexpected error occurred.' : 'Failed to add sub-user.');
      return null;
    }
  };

  return (
    <TeamPage
      builds
      title="Add User"
      subtitle="The new sub-user gets an e-mail with a link to set a password."
      back={{ to: paths.manageUsers, label: 'Manage Users' }}
    >
      <SubUserForm mode="create" initialValues={emptySubUserValues} submitLabel="Add" busy={add.isPending} onSubmit={onSubmit} />
    </TeamPage>
  );
}
