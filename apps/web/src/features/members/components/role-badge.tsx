import type { Role } from '@plinth/contract';
import { Badge, type BadgeTone } from '../../../components/ui/badge';
import { ROLE_NAMES } from '../roles';

const TONES: Record<Role, BadgeTone> = {
  owner: 'accent',
  admin: 'info',
  editor: 'neutral',
  author: 'neutral',
  viewer: 'neutral',
};

export function RoleBadge({ role }: { role: Role }) {
  return <Badge tone={TONES[role]}>{ROLE_NAMES[role]}</Badge>;
}
