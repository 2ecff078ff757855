import type { FieldType } from '@plinth/contract';
import {
  AtSign,
  Blocks,
  Braces,
  Calendar,
  CalendarClock,
  Hash,
  Image,
  Link2,
  List,
  type LucideIcon,
  Pilcrow,
  Sigma,
  TextCursorInput,
  ToggleLeft,
  Type,
  Waypoints,
} from 'lucide-react';

/** How the editor presents each field type. */
export const FIELD_TYPE_INFO: Readonly<Record<FieldType, { label: string; description: string; icon: LucideIcon }>> = {
  text: { label: 'Text', description: 'A short line: a title, a name', icon: Type },
  longtext: { label: 'Long text', description: 'Plain paragraphs: an excerpt, a bio', icon: Pilcrow },
  richtext: { label: 'Rich text', description: 'Formatted HTML, sanitized on save', icon: TextCursorInput },
  number: { label: 'Number', description: 'Any number: a price, a rating', icon: Sigma },
  integer: { label: 'Integer', description: 'A whole number: a count, a rank', icon: Hash },
  boolean: { label: 'Boolean', description: 'Yes or no', icon: ToggleLeft },
  date: { label: 'Date', description: 'A day (YYYY-MM-DD)', icon: Calendar },
  datetime: { label: 'Date and time', description: 'A moment, in UTC', icon: CalendarClock },
  email: { label: 'Email', description: 'An email address', icon: AtSign },
  url: { label: 'URL', description: 'A web address', icon: Link2 },
  slug: { label: 'Slug', description: 'A URL-safe name, made from another field', icon: Link2 },
  select: { label: 'Select', description: 'One or several of fixed choices', icon: List },
  json: { label: 'JSON', description: 'Any structured data', icon: Braces },
  media: { label: 'Media', description: 'Images and files of the media library', icon: Image },
  reference: { label: 'Reference', description: 'Documents of another collection', icon: Waypoints },
  blocks: { label: 'Blocks', description: 'A list of components: build pages from parts', icon: Blocks },
};
