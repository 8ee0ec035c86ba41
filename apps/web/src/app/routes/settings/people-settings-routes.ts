import type { QueryClient } from '@tanstack/react-query';
import type { RouteObject } from 'react-router';
import { createRequireLoader } from '../../route-guards';

/** Settings pages: users, roles, roles/create, roles/{roleID}, audit-log (each guarded by its docs/product.md §6 capability). */
export function peopleSettingsRoutes(queryClient: QueryClient): RouteObject[] {
  return [
    {
      path: 'users',
      loader: createRequireLoader(queryClient, 'manageUsers'),
      lazy: async () => ({ Component: (await import('./users-page')).UsersPage }),
    },
    {
      path: 'roles',
      loader: createRequireLoader(queryClient, 'manageRoles'),
      lazy: async () => ({ Component: (await import('./roles-page')).RolesPage }),
    },
    {
      path: 'roles/create',
      loader: createRequireLoader(queryClient, 'manageRoles'),
      lazy: async () => ({ Component: (await import('./role-edit-page')).RoleEditPage }),
    },
    {
      path: 'roles/:roleID',
      loader: createRequireLoader(queryClient, 'manageRoles'),
      lazy: async () => ({ Component: (await import('./role-edit-page')).RoleEditPage }),
    },
    {
      // The audit log belongs to the merchant's own settings: admins (issue 3).
      path: 'audit-log',
      loader: createRequireLoader(queryClient, 'manageMerchantSettings'),
      lazy: async () => ({ Component: (await import('./audit-log-page')).AuditLogPage }),
    },
  ];
}
