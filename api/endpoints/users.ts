import { endpoint, ok, paged } from '../define'
import * as S from '../../domain/users/users.schemas'
import { createOshcUser } from '../../domain/users/create-oshc-user'
import { updateOshcUser } from '../../domain/users/update-oshc-user'
import { updateOshcUserStatus } from '../../domain/users/update-oshc-user-status'
import { createOshcRole } from '../../domain/users/create-oshc-role'
import { assignPermissionToRole } from '../../domain/users/assign-permission-to-role'
import { findOshcUsers } from '../../domain/users/find-oshc-users'
import { findOshcUsersForAssigning } from '../../domain/users/find-oshc-users-for-assigning'
import { findOshcUsersByPermission } from '../../domain/users/find-oshc-users-by-permission'
import { getOshcUser } from '../../domain/users/get-oshc-user'
import { findOshcRoles } from '../../domain/users/find-oshc-roles'
import { findOshcPermissions } from '../../domain/users/find-oshc-permissions'
import { createAgencyUser } from '../../domain/users/create-agency-user'
import { updateAgencyUser } from '../../domain/users/update-agency-user'
import { enableAgencyUser } from '../../domain/users/enable-agency-user'
import { assignRoleToAgencyUser } from '../../domain/users/assign-role-to-agency-user'
import { createAgencyRole } from '../../domain/users/create-agency-role'
import { assignAgencyRolePermissions } from '../../domain/users/assign-agency-role-permissions'
import { updateAgencyDetails } from '../../domain/users/update-agency-details'
import { getAgencyUser } from '../../domain/users/get-agency-user'
import { findAgencyUsers } from '../../domain/users/find-agency-users'
import { findAgencyRoles } from '../../domain/users/find-agency-roles'
import { findAgencyPermissions } from '../../domain/users/find-agency-permissions'

const OSHC = '/oshc/user-management'
// spec/01 section 7 lists these calls without a leading slash: they hang off the base.
const AGENCY = '/agencies/user-management'

export const userEndpoints = [
  // --- Provider staff users ---------------------------------------------------------------------
  endpoint({
    method: 'POST',
    path: `${OSHC}/CreateOshcUser`,
    summary: 'Create a staff user; a temporary password is e-mailed to them',
    access: createOshcUser.access,
    body: S.CreateOshcUserSchema,
    status: 201,
    handler: async ({ actor, body }) => ({
      status: 201,
      message: 'User created. A temporary password has been e-mailed.',
      data: await createOshcUser({ actor, ...body }),
    }),
  }),
  endpoint({
    method: 'POST',
    path: `${OSHC}/updateOshcUser/{userId}`,
    summary: 'Update a staff user (names, phone, profile image, role)',
    access: updateOshcUser.access,
    params: S.UserIdParamSchema,
    body: S.UpdateOshcUserSchema,
    handler: async ({ actor, params, body }) =>
      ok(await updateOshcUser({ actor, userId: params.userId, ...body }), 'User updated'),
  }),
  endpoint({
    method: 'POST',
    path: `${OSHC}/UpdateOshcUserStatus/{userId}`,
    summary: 'Enable or disable a staff user (disabling ends their sessions)',
    access: updateOshcUserStatus.access,
    params: S.UserIdParamSchema,
    body: S.OshcUserStatusSchema,
    handler: async ({ actor, params, body }) =>
      ok(await updateOshcUserStatus({ actor, userId: params.userId, status: body.status }), 'Status updated'),
  }),
  endpoint({
    method: 'POST',
    path: `${OSHC}/createOshcRole`,
    summary: 'Create a staff role',
    access: createOshcRole.access,
    body: S.RoleNameSchema,
    status: 201,
    handler: async ({ actor, body }) => ({
      status: 201,
      message: 'Role created',
      data: await createOshcRole({ actor, name: body.name }),
    }),
  }),
  endpoint({
    method: 'POST',
    path: `${OSHC}/assignPermissionToRole/{roleId}`,
    summary: 'Replace a staff role’s permissions with the given ids',
    access: assignPermissionToRole.access,
    params: S.RoleIdParamSchema,
    body: S.AssignOshcPermissionsSchema,
    handler: async ({ actor, params, body }) =>
      ok(
        await assignPermissionToRole({ actor, roleId: params.roleId, Permissions: body.Permissions }),
        'Permissions saved',
      ),
  }),
  endpoint({
    method: 'GET',
    path: `${OSHC}/getOshcUsers`,
    summary: 'Staff users, paged and sorted (sort_key: created_at, first_name, last_name, email, status)',
    access: findOshcUsers.access,
    query: S.UserListQuerySchema,
    handler: async ({ actor, query }) => paged(await findOshcUsers({ actor, ...query })),
  }),
  endpoint({
    method: 'GET',
    path: `${OSHC}/getOshcUsersForAssigning`,
    summary: 'Enabled staff users (id, names, e-mail) for assignment',
    access: findOshcUsersForAssigning.access,
    handler: async ({ actor }) => ok(await findOshcUsersForAssigning({ actor })),
  }),
  endpoint({
    method: 'GET',
    path: `${OSHC}/getOshcUserById`,
    summary: 'A staff user by e-mail or id',
    access: getOshcUser.access,
    query: S.EmailOrIdQuerySchema,
    handler: async ({ actor, query }) => ok(await getOshcUser({ actor, ...query })),
  }),
  endpoint({
    method: 'GET',
    path: `${OSHC}/getOshcRoles`,
    summary: 'Staff roles with their permissions',
    access: findOshcRoles.access,
    handler: async ({ actor }) => ok(await findOshcRoles({ actor })),
  }),
  endpoint({
    method: 'GET',
    path: `${OSHC}/getOshcPermission`,
    summary: 'Every staff permission',
    access: findOshcPermissions.access,
    handler: async ({ actor }) => ok(await findOshcPermissions({ actor })),
  }),
  endpoint({
    method: 'GET',
    path: `${OSHC}/getOshcUserByPermissionForOvhc`,
    summary: 'Enabled staff users whose role holds any of the `permission` list',
    access: findOshcUsersByPermission.access,
    query: S.PermissionListQuerySchema,
    handler: async ({ actor, query }) =>
      ok(await findOshcUsersByPermission({ actor, permission: query.permission })),
  }),

  // --- Agency users -----------------------------------------------------------------------------
  endpoint({
    method: 'POST',
    path: `${AGENCY}/createAgencyUser`,
    summary: 'Create a user of the caller’s agency; a temporary password is e-mailed to them',
    access: createAgencyUser.access,
    body: S.CreateAgencyUserSchema,
    status: 201,
    handler: async ({ actor, body }) => ({
      status: 201,
      message: 'User created. A temporary password has been e-mailed.',
      data: await createAgencyUser({ actor, ...body }),
    }),
  }),
  endpoint({
    method: 'POST',
    path: `${AGENCY}/updateAgencyUser/{agencyUserId}`,
    summary: 'Update one of the agency’s users',
    access: updateAgencyUser.access,
    params: S.AgencyUserIdParamSchema,
    body: S.UpdateAgencyUserSchema,
    handler: async ({ actor, params, body }) =>
      ok(await updateAgencyUser({ actor, agencyUserId: params.agencyUserId, ...body }), 'User updated'),
  }),
  endpoint({
    method: 'POST',
    path: `${AGENCY}/enableAgencyUser/{agencyUserId}`,
    summary: 'Enable (default) or disable one of the agency’s users',
    access: enableAgencyUser.access,
    params: S.AgencyUserIdParamSchema,
    body: S.AgencyUserStatusSchema,
    handler: async ({ actor, params, body }) =>
      ok(
        await enableAgencyUser({ actor, agencyUserId: params.agencyUserId, status: body.status }),
        'Status updated',
      ),
  }),
  endpoint({
    method: 'POST',
    path: `${AGENCY}/assignRoleToAgencyUser/{agencyUserId}/role/{agencyRoleId}`,
    summary: 'Give one of the agency’s users one of its roles',
    access: assignRoleToAgencyUser.access,
    params: S.AgencyUserRoleParamSchema,
    handler: async ({ actor, params }) =>
      ok(await assignRoleToAgencyUser({ actor, ...params }), 'Role assigned'),
  }),
  endpoint({
    method: 'POST',
    path: `${AGENCY}/createAgencyUserRole`,
    summary: 'Create a role of the caller’s agency',
    access: createAgencyRole.access,
    body: S.RoleNameSchema,
    status: 201,
    handler: async ({ actor, body }) => ({
      status: 201,
      message: 'Role created',
      data: await createAgencyRole({ actor, name: body.name }),
    }),
  }),
  endpoint({
    method: 'POST',
    path: `${AGENCY}/AssignPermissionforAgencyRole/{roleId}`,
    summary: 'Replace an agency role’s permissions with the given agency_permission_id list',
    access: assignAgencyRolePermissions.access,
    params: S.RoleIdParamSchema,
    body: S.AssignAgencyPermissionsSchema,
    handler: async ({ actor, params, body }) =>
      ok(
        await assignAgencyRolePermissions({
          actor,
          roleId: params.roleId,
          agency_permission_id: body.agency_permission_id,
        }),
        'Permissions saved',
      ),
  }),
  endpoint({
    method: 'POST',
    path: `${AGENCY}/updateAgencyDetails/{agency_id}`,
    summary: 'Contact person, contact number and profile image of the caller’s own agency',
    access: updateAgencyDetails.access,
    params: S.AgencyIdParamSchema,
    body: S.AgencyDetailsSchema,
    handler: async ({ actor, params, body }) =>
      ok(await updateAgencyDetails({ actor, agencyId: params.agency_id, ...body }), 'Agency details saved'),
  }),
  endpoint({
    method: 'GET',
    path: `${AGENCY}/getAgencyUserByEmailOrId`,
    summary: 'One of the agency’s users by e-mail or id',
    access: getAgencyUser.access,
    query: S.EmailOrIdQuerySchema,
    handler: async ({ actor, query }) => ok(await getAgencyUser({ actor, ...query })),
  }),
  endpoint({
    method: 'GET',
    path: `${AGENCY}/getAllAgencyUser/{agency_id}`,
    summary: 'Users of an agency, paged and sorted (the agency side: its own only)',
    access: findAgencyUsers.access,
    params: S.AgencyIdParamSchema,
    query: S.UserListQuerySchema,
    handler: async ({ actor, params, query }) =>
      paged(await findAgencyUsers({ actor, agencyId: params.agency_id, ...query })),
  }),
  endpoint({
    method: 'GET',
    path: `${AGENCY}/getAgencyUserRoles`,
    summary: 'The agency’s roles with their permissions',
    access: findAgencyRoles.access,
    handler: async ({ actor }) => ok(await findAgencyRoles({ actor })),
  }),
  endpoint({
    method: 'GET',
    path: `${AGENCY}/getAgencyUserPemissions`,
    summary: 'Every agency permission (id, name, display_name)',
    access: findAgencyPermissions.access,
    handler: async ({ actor }) => ok(await findAgencyPermissions({ actor })),
  }),
]
