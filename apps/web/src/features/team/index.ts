export { AssignPermissionsPage } from './components/assign-permissions-page';
export { CreateSubUserPage } from './components/create-sub-user-page';
export { ManageRolesPage } from './components/manage-roles-page';
export { ManageUsersPage } from './components/manage-users-page';
export { SetPasswordPage } from './components/set-password-page';
export { UpdateSubUserPage } from './components/update-sub-user-page';
