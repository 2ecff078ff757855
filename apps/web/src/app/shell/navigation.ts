import type { ProjectAction } from '@plinth/contract';
import {
  BarChart3,
  Blocks,
  Braces,
  CreditCard,
  FileText,
  FolderKanban,
  Image,
  KeyRound,
  LayoutDashboard,
  type LucideIcon,
  Settings,
  Shield,
  UserRound,
  UsersRound,
  Webhook,
} from 'lucide-react';

/** A screen of a project: `/app/projects/:projectId/<section>`, and `/app/<section>` for the last-used project. */
export interface ProjectScreen {
  section: string;
  label: string;
  icon: LucideIcon;
  /** What the member's role must allow for the screen to be offered. */
  needs: ProjectAction;
  /** Words the command palette also matches. */
  keywords?: string[];
}

export const PROJECT_SCREENS: readonly ProjectScreen[] = [
  { section: '', label: 'Dashboard', icon: LayoutDashboard, needs: 'project.read', keywords: ['home', 'overview'] },
  {
    section: 'content',
    label: 'Content',
    icon: FileText,
    needs: 'content.read',
    keywords: ['documents', 'entries', 'articles', 'publish'],
  },
  {
    section: 'media',
    label: 'Media',
    icon: Image,
    needs: 'media.read',
    keywords: ['images', 'files', 'upload', 'assets'],
  },
  {
    section: 'collections',
    label: 'Content model',
    icon: Blocks,
    needs: 'schema.read',
    keywords: ['collections', 'components', 'fields', 'schema'],
  },
  {
    section: 'audiences',
    label: 'Audiences',
    icon: UsersRound,
    needs: 'schema.read',
    keywords: ['personalization', 'variants', 'segments', 'visitors'],
  },
  { section: 'api-tokens', label: 'API tokens', icon: KeyRound, needs: 'tokens.manage', keywords: ['keys', 'access'] },
  { section: 'webhooks', label: 'Webhooks', icon: Webhook, needs: 'webhooks.manage', keywords: ['events', 'hooks'] },
  {
    section: 'analytics',
    label: 'Analytics',
    icon: BarChart3,
    needs: 'members.read',
    keywords: ['traffic', 'requests', 'latency'],
  },
  { section: 'graphql', label: 'GraphQL explorer', icon: Braces, needs: 'project.read', keywords: ['query', 'api'] },
  { section: 'billing', label: 'Billing', icon: CreditCard, needs: 'project.read', keywords: ['plan', 'invoices'] },
  {
    section: 'settings',
    label: 'Settings',
    icon: Settings,
    needs: 'project.read',
    keywords: ['members', 'locales', 'delete'],
  },
];

/** Screens that belong to the user or the instance rather than to one project. */
export interface AccountScreen {
  to: string;
  label: string;
  icon: LucideIcon;
  adminOnly?: boolean;
  keywords?: string[];
}

export const ACCOUNT_SCREENS: readonly AccountScreen[] = [
  { to: '/app/projects', label: 'All projects', icon: FolderKanban, keywords: ['switch', 'new project'] },
  { to: '/app/profile', label: 'Profile', icon: UserRound, keywords: ['avatar', 'password', 'account'] },
  { to: '/app/admin', label: 'Instance admin', icon: Shield, adminOnly: true, keywords: ['users', 'incidents'] },
];
