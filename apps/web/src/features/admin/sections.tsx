import {
  IconBuildingStore,
  IconChartBar,
  IconListDetails,
  IconNews,
  IconReceipt2,
  IconShieldCheck,
  IconTicket,
  IconUsers,
} from '@tabler/icons-react';
import { type ComponentType, type LazyExoticComponent, lazy } from 'react';

/** One section of the console: its path under /admin, its label and icon in the navigation, and its page (lazy). */
export type TAdminSection = {
  /** The path under /admin, without slashes ('users' is /admin/users). */
  path: string;
  label: string;
  icon: ComponentType<{ size?: number; stroke?: number }>;
  component: LazyExoticComponent<ComponentType>;
};

/**
 * The console's sections, in the navigation's order; the first is where /admin opens. Adding a section is one
 * line here: its page is loaded only when it is opened.
 */
export const ADMIN_SECTIONS: readonly TAdminSection[] = [
  {
    path: 'overview',
    label: 'Overview',
    icon: IconChartBar,
    component: lazy(async () => ({ default: (await import('./components/overview-page')).OverviewPage })),
  },
  {
    path: 'users',
    label: 'Users',
    icon: IconUsers,
    component: lazy(async () => ({ default: (await import('./components/users-page')).UsersPage })),
  },
  {
    path: 'brands',
    label: 'Brands',
    icon: IconBuildingStore,
    component: lazy(async () => ({ default: (await import('./components/brands-page')).BrandsPage })),
  },
  {
    path: 'admins',
    label: 'Admins',
    icon: IconShieldCheck,
    component: lazy(async () => ({ default: (await import('./components/admins-page')).AdminsPage })),
  },
  {
    path: 'plans',
    label: 'Plans and prices',
    icon: IconReceipt2,
    component: lazy(async () => ({ default: (await import('../admin-billing/plans-section')).PlansSection })),
  },
  {
    path: 'coupons',
    label: 'Coupons',
    icon: IconTicket,
    component: lazy(async () => ({ default: (await import('../admin-billing/coupons-section')).CouponsSection })),
  },
  {
    path: 'news',
    label: 'News',
    icon: IconNews,
    component: lazy(async () => ({ default: (await import('../news/admin/admin-news-section')).AdminNewsSection })),
  },
  {
    path: 'audit',
    label: 'Audit log',
    icon: IconListDetails,
    component: lazy(async () => ({ default: (await import('./components/audit-log-page')).AuditLogPage })),
  },
];
